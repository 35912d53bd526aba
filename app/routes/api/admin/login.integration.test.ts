import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { cookieNamed, cookieOf, signInMember } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { loginThrottles, ownerLoginBrowsers, sessions, staffAccounts } from "~/db/schema";
import { signInAndRedirect } from "~/features/auth/sign-in.server";
import { setOwnerPassword } from "~/features/owner/password.server";
import { INVALID_PASSWORD_DESCRIPTION, LOGIN_SUCCESS_DESCRIPTION } from "~/features/owner/schema";
import { getViewer } from "~/lib/auth.server";
import { parseEnv } from "~/lib/env.server";
import { hashPassword } from "~/lib/password-hash.server";
import { LOGIN_RATE_LIMITED_MESSAGE, loginSlowedDownMessage } from "./login";

const PASSWORD = "the-owner-password";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await setOwnerPassword(database.db, PASSWORD);
});
afterAll(() => database.close());
// Each test starts with an account that has no failures behind it and no browser it knows.
beforeEach(async () => {
  await database.db.delete(loginThrottles);
  await database.db.delete(ownerLoginBrowsers);
});

let nextIp = 1;
/** Each test logs in from its own address, so that the per-IP limit of one test does not reach the next. */
const freshIp = () => `203.0.113.${nextIp++}`;

/** Time passes until the account's slowdown ends, as the owner waiting out Retry-After would see it. */
const waitOutSlowdown = () =>
  database.db.update(loginThrottles).set({ blockedUntil: sql`now() - interval '1 millisecond'` });

/**
 * The account's wait after its fifth failure is two seconds, which a busy host can spend on the next few password
 * checks; tests about what happens during a wait make it last an hour, so that they hold however slow the host is.
 */
const prolongSlowdown = () => database.db.update(loginThrottles).set({ blockedUntil: sql`now() + interval '1 hour'` });

const logIn = (
  password: unknown,
  {
    ip = "198.51.100.1",
    cookie,
    env,
    email,
  }: { ip?: string; cookie?: string; env?: Record<string, string>; email?: unknown } = {},
) =>
  callApi(
    database.db,
    new Request("http://localhost/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(email === undefined ? { password } : { email, password }),
    }),
    { clientIp: ip, env },
  );

const viewerFor = (cookie: string) => getViewer(database.db, new Request("http://localhost/", { headers: { cookie } }));

// Every attempt checks a password with scrypt, which takes up to a second on a busy shared machine.
const SCRYPT_HEAVY = { timeout: 60_000 };

describe("POST /api/admin/login", SCRYPT_HEAVY, () => {
  it("opens an owner session for the right password", async () => {
    const reply = await logIn(PASSWORD, { ip: freshIp() });
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: LOGIN_SUCCESS_DESCRIPTION } });
    const setCookie = reply.headers.getSetCookie()[0];
    expect(setCookie).toMatch(/^sid=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    expect(await viewerFor(cookieOf(reply.headers))).toMatchObject({
      user: null,
      isOwner: true,
      staff: { role: "owner" },
    });
  });

  it("keeps a signed-in member signed in and adds the owner role on a new token", async () => {
    const member = await signInMember(database.db, "basic");
    const reply = await logIn(PASSWORD, { ip: freshIp(), cookie: member.cookie });
    expect(reply.status).toBe(200);
    const viewer = await viewerFor(cookieOf(reply.headers));
    expect(viewer.isOwner).toBe(true);
    expect(viewer.user?.id).toBe(member.id);
    expect(await viewerFor(member.cookie)).toEqual({ user: null, isOwner: false, staff: null });
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

  it("allows 10 failures per 15 minutes per address: the 11th attempt is 429 even with the right password", async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await logIn("wrong password", { ip })).status).toBe(401);
      await waitOutSlowdown();
    }
    const refused = await logIn(PASSWORD, { ip });
    expect(refused).toMatchObject({ status: 429, body: { success: false, message: LOGIN_RATE_LIMITED_MESSAGE } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect((await logIn(PASSWORD, { ip: freshIp() })).status).toBe(200);
  });

  it("counts only failures: the owner's eleventh right password in a window signs in", async () => {
    const ip = freshIp();
    const statuses = [];
    for (let attempt = 1; attempt <= 11; attempt++) statuses.push((await logIn(PASSWORD, { ip })).status);
    expect(statuses).toEqual(Array(11).fill(200));
  });

  it("forgets an address's failures once the right password comes from it", async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect((await logIn("wrong password", { ip })).status).toBe(401);
      await waitOutSlowdown();
    }
    expect((await logIn(PASSWORD, { ip })).status).toBe(200);
    const statuses = [];
    for (let attempt = 1; attempt <= 11; attempt++) {
      statuses.push((await logIn("wrong password", { ip })).status);
      await waitOutSlowdown();
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it("answers 405 to other methods", async () => {
    expect((await callApi(database.db, new Request("http://localhost/api/admin/login"))).status).toBe(405);
    const put = await callApi(database.db, new Request("http://localhost/api/admin/login", { method: "PUT" }));
    expect(put.status).toBe(405);
  });
});

describe("the account's slowdown, whatever the address", SCRYPT_HEAVY, () => {
  /** A wrong password from an address of its own each time, as guesses spread over many addresses come. */
  const guess = () => logIn("wrong password", { ip: freshIp() });

  it("lets four failures in a row pass, then makes every attempt wait 2, 4, 8, 16, 32 and at most 60 seconds", async () => {
    for (let failure = 1; failure <= 4; failure++) expect((await guess()).status).toBe(401);
    const waits = [];
    for (let failure = 5; failure <= 11; failure++) {
      expect((await guess()).status).toBe(401);
      const refused = await guess();
      expect(refused).toMatchObject({ status: 429, body: { success: false } });
      const seconds = Number(refused.headers.get("retry-after"));
      expect(refused.body).toEqual({ success: false, message: loginSlowedDownMessage(seconds) });
      waits.push(seconds);
      await waitOutSlowdown();
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60]);
  });

  it("refuses even the right password while the account waits, then a success ends the slowdown", async () => {
    for (let failure = 1; failure <= 5; failure++) expect((await guess()).status).toBe(401);
    const refused = await logIn(PASSWORD, { ip: freshIp() });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("set-cookie")).toBeNull();
    await waitOutSlowdown();
    expect((await logIn(PASSWORD, { ip: freshIp() })).status).toBe(200);
    // The count starts again: four more failures are free.
    for (let failure = 1; failure <= 5; failure++) expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(429);
  });

  it("checks one password at a time once past the free failures, however many are sent together", async () => {
    for (let failure = 1; failure <= 4; failure++) expect((await guess()).status).toBe(401);
    const together = await Promise.all(Array.from({ length: 6 }, () => guess()));
    expect(together.map((reply) => reply.status).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it("does not use up the address's limit with attempts refused untried", async () => {
    const ip = freshIp();
    for (let failure = 1; failure <= 5; failure++) expect((await guess()).status).toBe(401);
    await prolongSlowdown();
    for (let attempt = 1; attempt <= 12; attempt++) expect((await logIn(PASSWORD, { ip })).status).toBe(429);
    await waitOutSlowdown();
    expect((await logIn(PASSWORD, { ip })).status).toBe(200);
  });
});

describe("a browser the owner has logged in with", SCRYPT_HEAVY, () => {
  async function knownBrowser() {
    const reply = await logIn(PASSWORD, { ip: freshIp() });
    expect(reply.status).toBe(200);
    return cookieNamed(reply.headers, "owner_browser") ?? "";
  }
  const slowDownAccount = async () => {
    for (let failure = 1; failure <= 5; failure++) {
      expect((await logIn("wrong password", { ip: freshIp() })).status).toBe(401);
    }
    await prolongSlowdown();
    expect((await logIn(PASSWORD, { ip: freshIp() })).status).toBe(429);
  };

  it("is marked by a cookie only the login call receives", async () => {
    const browserCookie = async (env?: Record<string, string>) =>
      (await logIn(PASSWORD, { ip: freshIp(), env })).headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("owner_browser="));
    expect(await browserCookie()).toMatch(
      /^owner_browser=[^;]+; Max-Age=15552000; Path=\/api\/admin\/login; HttpOnly; SameSite=Strict$/,
    );
    expect(await browserCookie({ NODE_ENV: "production" })).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
  });

  it("logs in while strangers' failures keep the account waiting", async () => {
    const browser = await knownBrowser();
    await slowDownAccount();
    const reply = await logIn(PASSWORD, { ip: freshIp(), cookie: browser });
    expect(reply.status).toBe(200);
    // Each login gives the browser a new mark; the old one is worth nothing more.
    const renewed = cookieNamed(reply.headers, "owner_browser") ?? "";
    expect(renewed).not.toBe(browser);
    await slowDownAccount();
    expect((await logIn(PASSWORD, { ip: freshIp(), cookie: browser })).status).toBe(429);
    expect((await logIn(PASSWORD, { ip: freshIp(), cookie: renewed })).status).toBe(200);
  });

  it("is forgotten after five failures of its own, and is then a stranger", async () => {
    const browser = await knownBrowser();
    await slowDownAccount();
    for (let failure = 1; failure <= 5; failure++) {
      expect((await logIn("wrong password", { ip: freshIp(), cookie: browser })).status).toBe(401);
    }
    expect((await logIn(PASSWORD, { ip: freshIp(), cookie: browser })).status).toBe(429);
  });

  it("is a stranger with a mark the server did not give", async () => {
    await slowDownAccount();
    const forged = `owner_browser=${btoa(JSON.stringify("A".repeat(43)))}`;
    expect((await logIn(PASSWORD, { ip: freshIp(), cookie: forged })).status).toBe(429);
  });
});

describe("the owner role's own twelve hours", SCRYPT_HEAVY, () => {
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
    const maxAge = Number(/Max-Age=(\d+)/.exec(reply.headers.getSetCookie()[0])?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 24 * 60 * 60);
    const [row] = await database.db
      .select({ sess: sessions.sess })
      .from(sessions)
      .where(sql`${sessions.sess}->>'userId' = ${member.id}`);
    const staffExpiresAt = (row.sess as { staffExpiresAt: number }).staffExpiresAt;
    expect(Math.abs(staffExpiresAt - (Date.now() + 12 * 60 * 60 * 1000))).toBeLessThan(60_000);
  });
});

describe("POST /api/admin/logout", SCRYPT_HEAVY, () => {
  const logOut = (cookie: string) =>
    callApi(database.db, new Request("http://localhost/api/admin/logout", { method: "POST", headers: { cookie } }));

  it("ends the owner's session", async () => {
    const owner = cookieOf((await logIn(PASSWORD, { ip: freshIp() })).headers);
    const reply = await logOut(owner);
    expect(reply).toMatchObject({ status: 200, body: { success: true } });
    expect(reply.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(await viewerFor(owner)).toEqual({ user: null, isOwner: false, staff: null });
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

describe("staff accounts sign in with their email", SCRYPT_HEAVY, () => {
  const addStaff = async (email: string, role: "owner" | "editor" | "support", password: string | null) => {
    const [row] = await database.db
      .insert(staffAccounts)
      .values({ email, role, passwordHash: password === null ? null : await hashPassword(password) })
      .returning({ id: staffAccounts.id });
    return row.id;
  };

  it("signs an editor in by email (any case) and password, as the editor, with the role in the answer", async () => {
    const id = await addStaff("editor@example.com", "editor", "the-editors-password");
    const reply = await logIn("the-editors-password", { ip: freshIp(), email: " Editor@Example.com " });
    expect(reply).toMatchObject({
      status: 200,
      body: { success: true, message: LOGIN_SUCCESS_DESCRIPTION, role: "editor" },
    });
    expect(await viewerFor(cookieOf(reply.headers))).toEqual({
      user: null,
      isOwner: false,
      staff: { id, email: "editor@example.com", role: "editor" },
    });
    // Without an email the same password is not the owner account's.
    expect((await logIn("the-editors-password", { ip: freshIp() })).status).toBe(401);
  });

  it("signs the owner account in by its email too, and with an empty email as the spec's form sends it", async () => {
    const ownerEmail = (await database.db.select().from(staffAccounts).where(eq(staffAccounts.role, "owner")))[0].email;
    expect((await logIn(PASSWORD, { ip: freshIp(), email: ownerEmail })).body).toMatchObject({ role: "owner" });
    expect((await logIn(PASSWORD, { ip: freshIp(), email: "" })).body).toMatchObject({ role: "owner" });
  });

  it("answers an unknown address, a suspended account and an invited one as a wrong password", async () => {
    await addStaff("suspended@example.com", "support", "suspended-password");
    await database.db
      .update(staffAccounts)
      .set({ status: "suspended" })
      .where(eq(staffAccounts.email, "suspended@example.com"));
    await addStaff("invited@example.com", "editor", null);
    for (const [email, password] of [
      ["nobody@example.com", PASSWORD],
      ["suspended@example.com", "suspended-password"],
      ["invited@example.com", ""],
      ["invited@example.com", "anything-at-all"],
    ]) {
      const reply = await logIn(password, { ip: freshIp(), email });
      expect(reply.status, email).toBe(password === "" ? 400 : 401);
      expect(reply.body, email).toMatchObject({ success: false, message: INVALID_PASSWORD_DESCRIPTION });
      expect(reply.headers.get("set-cookie"), email).toBeNull();
    }
  });

  it("counts each account's failures apart: guessing an editor's password does not slow the owner down", async () => {
    const id = await addStaff("guessed@example.com", "editor", "the-guessed-password");
    for (let attempt = 0; attempt < 6; attempt++) {
      await logIn(`wrong-${attempt}`, { ip: freshIp(), email: "guessed@example.com" });
    }
    await prolongSlowdown();
    await database.db
      .update(loginThrottles)
      .set({ blockedUntil: sql`now()` })
      .where(sql`${loginThrottles.account} <> ${`staff:${id}`}`);
    expect((await logIn("the-guessed-password", { ip: freshIp(), email: "guessed@example.com" })).status).toBe(429);
    expect((await logIn(PASSWORD, { ip: freshIp() })).status).toBe(200);
  });
});
