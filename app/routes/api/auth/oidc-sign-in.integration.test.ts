import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { startOidcProvider, type TestOidcProvider } from "#tests/setup/oidc-provider";
import { cookieNamed, userFor } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { authRequests, sessions, users } from "~/db/schema";
import { OIDC_START_RATE_LIMIT } from "~/features/auth/oidc.server";
import { loader as signInPage } from "../../public/sign-in";
import { SIGN_IN_RATE_LIMITED_MESSAGE } from "../login";

const SITE = "http://localhost:5000";

let database: TestDatabase;
let provider: TestOidcProvider;
let oidcEnv: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = await startOidcProvider(`${SITE}/api/callback`);
  oidcEnv = {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  };
  // Refused sign-ins are logged as warnings; the tests assert on the answers instead.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterAll(async () => {
  await provider?.close();
  await database?.close();
});

let nextIp = 1;
/** Each sign-in starts from an address of its own, so that the per-address limit of starts stays out of the way. */
const freshIp = () => `203.0.113.${nextIp++}`;

/** Starts sign-in at /api/login and returns the provider URL and the state cookie the browser got. */
async function startSignIn(returnTo = "/members/profile") {
  const reply = await callApi(database.db, new Request(`${SITE}/api/login?returnTo=${encodeURIComponent(returnTo)}`), {
    env: oidcEnv,
    clientIp: freshIp(),
  });
  expect(reply.status).toBe(302);
  const authorizationUrl = reply.headers.get("location") ?? "";
  const stateCookie = cookieNamed(reply.headers, "oidc_state") ?? "";
  return { authorizationUrl, stateCookie, state: new URL(authorizationUrl).searchParams.get("state") ?? "" };
}

const finish = (callbackUrl: URL, cookie: string) =>
  callApi(database.db, new Request(callbackUrl, { headers: cookie ? { cookie } : {} }), { env: oidcEnv });

/** The whole journey as a browser makes it: /api/login, the provider's screens, /api/callback. */
async function signInAs(subject: string, returnTo?: string) {
  const started = await startSignIn(returnTo);
  const callbackUrl = await provider.authorize(started.authorizationUrl, subject);
  return finish(callbackUrl, started.stateCookie);
}

const expectRefused = async (reply: Awaited<ReturnType<typeof finish>>) => {
  expect(reply.status).toBe(302);
  expect(reply.headers.get("location")).toBe("/sign-in?failed=1");
  expect(cookieNamed(reply.headers, "sid")).toBeUndefined();
};

describe("GET /api/login with OpenID Connect", () => {
  it("redirects to the provider with PKCE (S256), state, nonce and the callback, and remembers the request", async () => {
    const { authorizationUrl, stateCookie, state } = await startSignIn();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      response_type: "code",
      scope: "openid email profile",
      redirect_uri: `${SITE}/api/callback`,
      code_challenge_method: "S256",
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(stateCookie).toBe(`oidc_state=${state}`);
    const [pending] = await database.db.select().from(authRequests).where(eq(authRequests.state, state));
    expect(pending).toMatchObject({ nonce: url.searchParams.get("nonce"), returnTo: "/members/profile" });
    expect(pending.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it("sends to the sign-in page with a notice when the provider cannot be reached", async () => {
    vi.spyOn(console, "error").mockImplementationOnce(() => {});
    const reply = await callApi(database.db, new Request(`${SITE}/api/login`), {
      env: { ...oidcEnv, OIDC_ISSUER: "http://127.0.0.1:9" },
    });
    expect(reply.headers.get("location")).toBe("/sign-in?returnTo=%2Fmembers%2Fdashboard&failed=1");
  });

  it("makes the sign-in page offer the provider instead of the email form", async () => {
    const reply = await callRoute(signInPage, database.db, new Request(`${SITE}/sign-in`), { env: oidcEnv });
    expect(reply.body).toMatchObject({ method: "provider", returnTo: "/members/dashboard", failed: false });
  });
});

describe("GET /api/login's limit per address", () => {
  const start = (ip: string) => callApi(database.db, new Request(`${SITE}/api/login`), { env: oidcEnv, clientIp: ip });

  it("starts 20 sign-ins per 15 minutes from one address, then answers 429 and stores nothing more", async () => {
    for (let attempt = 1; attempt <= OIDC_START_RATE_LIMIT.limit; attempt++) {
      expect((await start("198.51.100.20")).status).toBe(302);
    }
    const pendingBefore = await database.db.$count(authRequests);
    const refused = await start("198.51.100.20");
    expect(refused).toMatchObject({ status: 429, body: { success: false, message: SIGN_IN_RATE_LIMITED_MESSAGE } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect(await database.db.$count(authRequests)).toBe(pendingBefore);
    expect((await start("198.51.100.21")).status).toBe(302);
  });

  it("sweeps expired pending sign-ins when another starts", async () => {
    const stale = await startSignIn();
    await database.db
      .update(authRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authRequests.state, stale.state));
    await startSignIn();
    expect(await database.db.$count(authRequests, eq(authRequests.state, stale.state))).toBe(0);
  });
});

describe("the callback from a real provider", () => {
  it("creates a free member from the claims and signs them in", async () => {
    provider.accounts.set("subject-ada", {
      email: "Ada@Example.com",
      email_verified: true,
      given_name: "Ada",
      family_name: "Lovelace",
      picture: "https://images.example.com/ada.png",
    });
    const reply = await signInAs("subject-ada");
    expect(reply.status).toBe(302);
    expect(reply.headers.get("location")).toBe("/members/profile");
    expect(cookieNamed(reply.headers, "oidc_state")).toBe("oidc_state=");

    const sid = cookieNamed(reply.headers, "sid") ?? "";
    expect((await userFor(database.db, sid)).body).toEqual({
      id: "subject-ada",
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      profileImageUrl: "https://images.example.com/ada.png",
      membershipTier: "free",
    });
  });

  it("updates the member from new claims but never their tier", async () => {
    provider.accounts.set("subject-grace", {
      email: "grace@example.com",
      email_verified: true,
      given_name: "Grace",
      family_name: "Brewster",
    });
    await signInAs("subject-grace");
    await database.db.update(users).set({ membershipTier: "premium" }).where(eq(users.id, "subject-grace"));

    provider.accounts.set("subject-grace", {
      email: "grace.hopper@example.com",
      email_verified: true,
      given_name: "Grace",
      family_name: "Hopper",
      picture: "https://images.example.com/grace.png",
    });
    const reply = await signInAs("subject-grace");
    expect((await userFor(database.db, cookieNamed(reply.headers, "sid") ?? "")).body).toEqual({
      id: "subject-grace",
      email: "grace.hopper@example.com",
      firstName: "Grace",
      lastName: "Hopper",
      profileImageUrl: "https://images.example.com/grace.png",
      membershipTier: "premium",
    });
    expect(await database.db.$count(users, eq(users.id, "subject-grace"))).toBe(1);
  });

  it("signs a verified address in to the member who first came by email link", async () => {
    await database.db
      .insert(users)
      .values({ id: "email-link-member", email: "linda@example.com", membershipTier: "basic" });
    provider.accounts.set("subject-linda", { email: "linda@example.com", email_verified: true, given_name: "Linda" });
    const reply = await signInAs("subject-linda");
    expect((await userFor(database.db, cookieNamed(reply.headers, "sid") ?? "")).body).toMatchObject({
      id: "email-link-member",
      firstName: "Linda",
      membershipTier: "basic",
    });
  });

  it("does not take an address held by another member when the provider has not verified it", async () => {
    await database.db.insert(users).values({ id: "holder", email: "taken@example.com" });
    provider.accounts.set("subject-claimer", {
      email: "taken@example.com",
      email_verified: false,
      given_name: "Claire",
    });
    const reply = await signInAs("subject-claimer");
    expect((await userFor(database.db, cookieNamed(reply.headers, "sid") ?? "")).body).toMatchObject({
      id: "subject-claimer",
      email: null,
      firstName: "Claire",
    });
    const [holder] = await database.db.select().from(users).where(eq(users.id, "holder"));
    expect(holder.email).toBe("taken@example.com");
  });

  it("never stores an address the provider has not verified, so that no one can claim another person's", async () => {
    provider.accounts.set("subject-claimer-first", {
      email: "not-yet-a-member@example.com",
      email_verified: false,
      given_name: "Mallory",
    });
    const claimer = await signInAs("subject-claimer-first");
    expect((await userFor(database.db, cookieNamed(claimer.headers, "sid") ?? "")).body).toMatchObject({
      id: "subject-claimer-first",
      email: null,
    });
    provider.accounts.set("subject-claimer-unsaid", { email: "unsaid@example.com" });
    const unsaid = await signInAs("subject-claimer-unsaid");
    expect((await userFor(database.db, cookieNamed(unsaid.headers, "sid") ?? "")).body).toMatchObject({ email: null });

    // The address's owner arrives later, verified by their provider: they get an account of their own.
    provider.accounts.set("subject-rightful", {
      email: "not-yet-a-member@example.com",
      email_verified: true,
      given_name: "Rita",
    });
    const rightful = await signInAs("subject-rightful");
    expect((await userFor(database.db, cookieNamed(rightful.headers, "sid") ?? "")).body).toMatchObject({
      id: "subject-rightful",
      email: "not-yet-a-member@example.com",
      firstName: "Rita",
    });
  });

  it("keeps a verified address when the provider later sends it unverified", async () => {
    provider.accounts.set("subject-kept", { email: "kept@example.com", email_verified: true });
    await signInAs("subject-kept");
    provider.accounts.set("subject-kept", { email: "someone-else@example.com", email_verified: false });
    const reply = await signInAs("subject-kept");
    expect((await userFor(database.db, cookieNamed(reply.headers, "sid") ?? "")).body).toMatchObject({
      email: "kept@example.com",
    });
  });

  it("stores a session for the member", async () => {
    provider.accounts.set("subject-session", { email: "session@example.com" });
    const before = await database.db.$count(sessions);
    const reply = await signInAs("subject-session", "/members/upgrade");
    expect(reply.headers.get("location")).toBe("/members/upgrade");
    expect(cookieNamed(reply.headers, "sid")).toMatch(/^sid=[A-Za-z0-9_-]{43}$/);
    expect(await database.db.$count(sessions)).toBe(before + 1);
  });
});

describe("refused callbacks", () => {
  it("refuses a state that is not this browser's", async () => {
    provider.accounts.set("subject-state", { email: "state@example.com" });
    const mine = await startSignIn();
    const theirs = await startSignIn();
    const callbackUrl = await provider.authorize(theirs.authorizationUrl, "subject-state");
    await expectRefused(await finish(callbackUrl, mine.stateCookie));
    await expectRefused(await finish(callbackUrl, ""));
  });

  it("refuses a callback whose state was altered on the way", async () => {
    provider.accounts.set("subject-altered", { email: "altered@example.com" });
    const started = await startSignIn();
    const callbackUrl = await provider.authorize(started.authorizationUrl, "subject-altered");
    const other = await startSignIn();
    callbackUrl.searchParams.set("state", other.state);
    await expectRefused(await finish(callbackUrl, other.stateCookie));
  });

  it("refuses an ID token whose nonce is not the one sent", async () => {
    provider.accounts.set("subject-nonce", { email: "nonce@example.com" });
    const started = await startSignIn();
    await database.db.update(authRequests).set({ nonce: "another-nonce" }).where(eq(authRequests.state, started.state));
    const callbackUrl = await provider.authorize(started.authorizationUrl, "subject-nonce");
    await expectRefused(await finish(callbackUrl, started.stateCookie));
    expect(await database.db.$count(users, eq(users.id, "subject-nonce"))).toBe(0);
  });

  it("refuses a code without the matching PKCE verifier", async () => {
    provider.accounts.set("subject-pkce", { email: "pkce@example.com" });
    const started = await startSignIn();
    await database.db
      .update(authRequests)
      .set({ codeVerifier: "x".repeat(43) })
      .where(eq(authRequests.state, started.state));
    const callbackUrl = await provider.authorize(started.authorizationUrl, "subject-pkce");
    await expectRefused(await finish(callbackUrl, started.stateCookie));
  });

  it("refuses the same callback twice", async () => {
    provider.accounts.set("subject-replay", { email: "replay@example.com" });
    const started = await startSignIn();
    const callbackUrl = await provider.authorize(started.authorizationUrl, "subject-replay");
    expect(cookieNamed((await finish(callbackUrl, started.stateCookie)).headers, "sid")).toBeDefined();
    await expectRefused(await finish(callbackUrl, started.stateCookie));
  });

  it("refuses an expired sign-in request", async () => {
    provider.accounts.set("subject-slow", { email: "slow@example.com" });
    const started = await startSignIn();
    await database.db
      .update(authRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authRequests.state, started.state));
    const callbackUrl = await provider.authorize(started.authorizationUrl, "subject-slow");
    await expectRefused(await finish(callbackUrl, started.stateCookie));
  });

  it("refuses the provider's error answer", async () => {
    const started = await startSignIn();
    const callbackUrl = new URL(`${SITE}/api/callback?error=access_denied&state=${started.state}`);
    await expectRefused(await finish(callbackUrl, started.stateCookie));
  });

  it("does not exist without OpenID settings", async () => {
    const reply = await callApi(database.db, new Request(`${SITE}/api/callback?code=x&state=y`));
    expect(reply.status).toBe(404);
  });
});
