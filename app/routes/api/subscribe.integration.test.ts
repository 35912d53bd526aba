import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { subscribers } from "~/db/schema";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(subscribers);
});

const subscribe = (body: string, headers: Record<string, string> = { "Content-Type": "application/json" }) =>
  callApi(database.db, new Request("http://localhost/api/subscribe", { method: "POST", headers, body }));

const rows = () => database.db.select().from(subscribers);

describe("POST /api/subscribe", () => {
  it("stores a launch-list subscriber with source launch and answers success", async () => {
    const reply = await subscribe(JSON.stringify({ email: "Listener@Example.com" }));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: "You'll be notified when the podcast launches!" });
    expect(await rows()).toMatchObject([
      { email: "listener@example.com", source: "launch", active: true, archived: false, firstName: null },
    ]);
  });

  it("accepts the sign-up modal's {firstName, lastName, email} and stores both names with source signup", async () => {
    const reply = await subscribe(
      JSON.stringify({ firstName: " Ada ", lastName: "Lovelace", email: "ada@example.com" }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true });
    expect(await rows()).toMatchObject([
      { email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", source: "signup", archived: false },
    ]);
  });

  it("answers a duplicate exactly like a new address and keeps one row, whatever the letter case", async () => {
    const first = await subscribe(JSON.stringify({ email: "dup@example.com" }));
    const again = await subscribe(JSON.stringify({ email: "DUP@example.com" }));
    expect(again).toEqual(first);
    expect(await rows()).toHaveLength(1);
  });

  it("refuses an invalid email with 400, the spec's message and a per-field map, storing nothing", async () => {
    const reply = await subscribe(JSON.stringify({ email: "user@example.c" }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      message: "Please enter a valid email address.",
      errors: { email: ["Please enter a valid email address."] },
    });
    expect(await rows()).toHaveLength(0);
  });

  it.each([
    ["a missing email", "{}"],
    ["an email of the wrong type", JSON.stringify({ email: 12345 })],
    ["an email that is null", JSON.stringify({ email: null })],
    ["an email given as a list", JSON.stringify({ email: ["a@example.com"] })],
  ])("refuses %s with 400", async (_case, body) => {
    const reply = await subscribe(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: "Please enter a valid email address." });
    expect(await rows()).toHaveLength(0);
  });

  // Every body check of parseJsonBody is tested in app/lib/api.server.test.ts; this one shows the route uses it.
  it("refuses a body that is not JSON with parseJsonBody's 415, storing nothing", async () => {
    const reply = await subscribe("email=a@example.com", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({ success: false, message: "Requests must be sent as JSON" });
    expect(await rows()).toHaveLength(0);
  });

  it("answers other methods with 405", async () => {
    const reply = await callApi(database.db, new Request("http://localhost/api/subscribe"));
    expect(reply.status).toBe(405);
  });

  it("keeps subscriber emails unique case-insensitively in the database itself", async () => {
    await database.db.insert(subscribers).values({ email: "case@example.com" });
    await expect(database.db.insert(subscribers).values({ email: "CASE@example.com" })).rejects.toThrow();
    const [{ count }] = await database.db.select({ count: sql<number>`count(*)::int` }).from(subscribers);
    expect(count).toBe(1);
  });
});
