import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessions } from "~/db/schema";
import { signInAndRedirect } from "~/features/auth/sign-in.server";
import { setOwnerPassword } from "~/features/owner/password.server";
import { INVALID_PASSWORD_DESCRIPTION, LOGIN_SUCCESS_DESCRIPTION } from "~/features/owner/schema";
import { getViewer } from "~/lib/auth.server";
import { parseEnv } from "~/lib/env.server";
import { callRoute } from "../../../../tests/setup/call-route";
import { cookieOf, signInMember } from "../../../../tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "../../../../tests/setup/test-database";
import { LOGIN_RATE_LIMITED_MESSAGE, action as login, loader as loginGet } from "./login";
import { action as logout } from "./logout";

const PASSWORD = "the-owner-password";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await setOwnerPassword(database.db, PASSWORD);
});
afterAll(() => database.close());

let nextIp = 1;
/** Each test logs in from its own address, so that the per-IP limit of one test does not reach the next. */
const freshIp = () => `203.0.113.${nextIp++}`;

const logIn = (password: unknown, { ip = "198.51.100.1", cookie }: { ip?: string; cookie?: string } = {}) =>
  callRoute(
    login,
    database.db,
    new Request("http://localhost/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ password }),
    }),
    { clientIp: ip },
  );

const viewerFor = (cookie: string) => getViewer(database.db, new Request("http://localhost/", { headers: { cookie } }));

describe("POST /api/admin/login", () => {
  it("opens an owner session for the right password", async () => {
    const reply = await logIn(PASSWORD, { ip: freshIp() });
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: LOGIN_SUCCESS_DESCRIPTION } });
    const setCookie = reply.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^sid=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    expect(await viewerFor(cookieOf(reply.headers))).toEqual({ user: null, isOwner: true });
  });

  it("keeps a signed-in member signed in and adds the owner role on a new token", async () => {
    const member = await signInMember(database.db, "basic");
    const reply = await logIn(PASSWORD, { ip: freshIp(), cookie: member.cookie });
    expect(reply.status).toBe(200);
    const viewer = await viewerFor(cookieOf(reply.headers));
    expect(viewer.isOwner).toBe(true);
    expect(viewer.user?.id).toBe(member.id);
    expect(await viewerFor(member.cookie)).toEqual({ user: null, isOwner: false });
  });

  it.each([["wrong password"], [`${PASSWORD} `], [PASSWORD.toUpperCase()]])(
    "refuses %j with the spec's text and no session",
    async (password) => {
      const reply = await logIn(password, { ip: freshIp() });
      expect(reply).toMatchObject({ status: 401, body: { success: false, message: INVALID_PASSWORD_DESCRIPTION } });
      expect(reply.headers.get("set-cookie")).toBeNull();
    },
  );

  it.each([[""], [null], [42], ["x".repeat(257)]])("answers 400 to the malformed password %j", async (password) => {
    const reply = await logIn(password, { ip: freshIp() });
    expect(reply).toMatchObject({ status: 400, body: { success: false, message: INVALID_PASSWORD_DESCRIPTION } });
    expect(reply.headers.get("set-cookie")).toBeNull();
  });

  it("allows 10 attempts per 15 minutes per address: the 11th is 429 even with the right password", async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 10; attempt++) expect((await logIn("wrong password", { ip })).status).toBe(401);
    const refused = await logIn(PASSWORD, { ip });
    expect(refused).toMatchObject({ status: 429, body: { success: false, message: LOGIN_RATE_LIMITED_MESSAGE } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect((await logIn(PASSWORD, { ip: freshIp() })).status).toBe(200);
  });

  it("answers 405 to other methods", async () => {
    expect((await callRoute(loginGet, database.db, new Request("http://localhost/api/admin/login"))).status).toBe(405);
    const put = await callRoute(login, database.db, new Request("http://localhost/api/admin/login", { method: "PUT" }));
    expect(put.status).toBe(405);
  });
});

describe("the owner role's own twelve hours", () => {
  afterAll(() => {
    vi.useRealTimers();
  });

  it("ends after twelve hours even when a member signed in on the same browser afterwards", async () => {
    const owner = cookieOf((await logIn(PASSWORD, { ip: freshIp() })).headers);
    const member = await signInMember(database.db, "premium");
    const signedIn = await signInAndRedirect(
      database.db,
      parseEnv({ NODE_ENV: "test" }),
      new Request("http://localhost/sign-in/verify", { headers: { cookie: owner } }),
      member.id,
      "/members/dashboard",
    );
    const both = cookieOf(signedIn.headers);
    expect(await viewerFor(both)).toMatchObject({ isOwner: true, user: { id: member.id } });

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 12 * 60 * 60 * 1000 + 1000);
    expect(await viewerFor(both)).toMatchObject({ isOwner: false, user: { id: member.id } });
    vi.useRealTimers();
  });

  it("keeps a member's own session length when the owner logs in on it", async () => {
    const member = await signInMember(database.db, "basic");
    const reply = await logIn(PASSWORD, { ip: freshIp(), cookie: member.cookie });
    const maxAge = Number(/Max-Age=(\d+)/.exec(reply.headers.get("set-cookie") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 24 * 60 * 60);
    const [row] = await database.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(sql`${sessions.sess}->>'userId' = ${member.id}`);
    const ownerExpiresAt = (row.sess as { ownerExpiresAt: number }).ownerExpiresAt;
    expect(Math.abs(ownerExpiresAt - (Date.now() + 12 * 60 * 60 * 1000))).toBeLessThan(60_000);
  });
});

describe("POST /api/admin/logout", () => {
  const logOut = (cookie: string) =>
    callRoute(
      logout,
      database.db,
      new Request("http://localhost/api/admin/logout", { method: "POST", headers: { cookie } }),
    );

  it("ends the owner's session", async () => {
    const owner = cookieOf((await logIn(PASSWORD, { ip: freshIp() })).headers);
    const reply = await logOut(owner);
    expect(reply).toMatchObject({ status: 200, body: { success: true } });
    expect(reply.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(await viewerFor(owner)).toEqual({ user: null, isOwner: false });
  });

  it("leaves a member who was also signed in as a member, without the owner role", async () => {
    const member = await signInMember(database.db, "premium");
    const both = cookieOf((await logIn(PASSWORD, { ip: freshIp(), cookie: member.cookie })).headers);
    const reply = await logOut(both);
    const viewer = await viewerFor(cookieOf(reply.headers));
    expect(viewer.isOwner).toBe(false);
    expect(viewer.user?.id).toBe(member.id);
    expect((await viewerFor(both)).isOwner).toBe(false);
  });
});
