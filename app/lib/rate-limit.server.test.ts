import { afterAll, beforeAll, expect, it } from "vitest";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rule = { name: "test-rule", limit: 3, windowMs: 60_000 };

it("allows the limit within a window, then refuses with the seconds left, per subject", async () => {
  const results = [];
  for (let attempt = 0; attempt < 5; attempt++) results.push(await consumeRateLimit(database.db, rule, "1.2.3.4"));
  expect(results.slice(0, 3).every((result) => result.allowed)).toBe(true);
  for (const refused of results.slice(3)) {
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
  }
  expect((await consumeRateLimit(database.db, rule, "5.6.7.8")).allowed).toBe(true);
});

it("counts concurrent attempts exactly once each", async () => {
  const concurrent = { ...rule, name: "concurrent", limit: 10 };
  const results = await Promise.all(
    Array.from({ length: 25 }, () => consumeRateLimit(database.db, concurrent, "9.9.9.9")),
  );
  expect(results.filter((result) => result.allowed)).toHaveLength(10);
});
