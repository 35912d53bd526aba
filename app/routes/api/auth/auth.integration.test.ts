import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { cookieOf, signInMember, userFor } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { INVALID_MOCK_TIER_MESSAGE } from "~/features/auth/mock-users";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const mockSignIn = (membershipTier: unknown, env?: Record<string, string>) =>
  callApi(
    database.db,
    new Request("http://localhost/api/auth/mock-login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ membershipTier }),
    }),
    { env },
  );

describe("GET /api/auth/user", () => {
  it("answers 401 without a session", async () => {
    expect(await userFor(database.db)).toMatchObject({ status: 401, body: { success: false } });
  });

  it("answers the signed-in member's fields", async () => {
    const member = await signInMember(database.db, "basic");
    const reply = await userFor(database.db, member.cookie);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      id: member.id,
      email: member.email,
      firstName: "Test",
      lastName: "Member",
      profileImageUrl: null,
      membershipTier: "basic",
    });
  });
});

describe("mock sign-in", () => {
  it("signs in as the tier's mock user, typed in any case, with a real session", async () => {
    const reply = await mockSignIn(" PreMium ");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id: "mock-user-premium", membershipTier: "premium" });
    expect(reply.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await userFor(database.db, cookieOf(reply.headers))).body).toMatchObject({ id: "mock-user-premium" });
  });

  it("signs in as an alias's own copy of the mock user, beside the shared one", async () => {
    const shared = await mockSignIn("free");
    const reply = await callApi(
      database.db,
      new Request("http://localhost/api/auth/mock-login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ membershipTier: "free", alias: "upgrade-test" }),
      }),
    );
    expect(reply.body).toMatchObject({
      id: "mock-user-free-upgrade-test",
      email: "free.member+upgrade-test@example.com",
      firstName: "Frankie",
      membershipTier: "free",
    });
    expect((await userFor(database.db, cookieOf(shared.headers))).body).toMatchObject({ id: "mock-user-free" });
  });

  it.each(["Upper", "", "a/b", "x".repeat(41), 7])("refuses the alias %j", async (alias) => {
    const reply = await callApi(
      database.db,
      new Request("http://localhost/api/auth/mock-login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ membershipTier: "free", alias }),
      }),
    );
    expect(reply.status).toBe(400);
  });

  it.each(["gold", "", 3, null])("refuses the tier %j with the spec's message", async (tier) => {
    const reply = await mockSignIn(tier);
    expect(reply).toMatchObject({ status: 400, body: { message: INVALID_MOCK_TIER_MESSAGE } });
    expect(reply.headers.get("set-cookie")).toBeNull();
  });

  it("does not exist in production", async () => {
    expect((await mockSignIn("free", { NODE_ENV: "production" })).status).toBe(404);
    const get = await callApi(database.db, new Request("http://localhost/api/auth/mock-login"), {
      env: { NODE_ENV: "production" },
    });
    expect(get.status).toBe(404);
  });
});

describe("GET /api/logout", () => {
  it("ends the session, clears the cookie and goes home", async () => {
    const member = await signInMember(database.db, "free");
    const reply = await callApi(
      database.db,
      new Request("http://localhost/api/logout", { headers: { cookie: member.cookie } }),
    );
    expect(reply.status).toBe(302);
    expect(reply.headers.get("location")).toBe("/");
    expect(reply.headers.get("set-cookie")).toContain("Max-Age=0");
    expect((await userFor(database.db, member.cookie)).status).toBe(401);
  });
});
