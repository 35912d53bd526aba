import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { clearRateLimit, consumeRateLimit, refundRateLimit } from "~/lib/rate-limit.server";

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

it("takes one attempt back, never below none", async () => {
  const refunded = { ...rule, name: "refunded", limit: 2 };
  await consumeRateLimit(database.db, refunded, "1.1.1.1");
  await consumeRateLimit(database.db, refunded, "1.1.1.1");
  await refundRateLimit(database.db, refunded, "1.1.1.1");
  expect((await consumeRateLimit(database.db, refunded, "1.1.1.1")).allowed).toBe(true);
  expect((await consumeRateLimit(database.db, refunded, "1.1.1.1")).allowed).toBe(false);
  await refundRateLimit(database.db, refunded, "2.2.2.2");
  expect((await consumeRateLimit(database.db, refunded, "2.2.2.2")).allowed).toBe(true);
});

it("forgets a subject's attempts and nobody else's", async () => {
  const cleared = { ...rule, name: "cleared", limit: 1 };
  await consumeRateLimit(database.db, cleared, "3.3.3.3");
  await consumeRateLimit(database.db, cleared, "4.4.4.4");
  await clearRateLimit(database.db, cleared, "3.3.3.3");
  expect((await consumeRateLimit(database.db, cleared, "3.3.3.3")).allowed).toBe(true);
  expect((await consumeRateLimit(database.db, cleared, "4.4.4.4")).allowed).toBe(false);
});
