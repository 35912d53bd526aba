import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { callApi } from "#tests/setup/call-api";
import type { CallRouteOptions } from "#tests/setup/call-route";
import { callRoute } from "#tests/setup/call-route";
import { cookieOf, signInOwner, userFor } from "#tests/setup/sessions";
import { type SmtpInbox, startSmtpInbox } from "#tests/setup/smtp-inbox";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { loginTokens, mailOutbox, sessions, users } from "~/db/schema";
import { SIGN_IN_LINK_LIMITS } from "~/features/auth/email-sign-in.server";
import {
  INVALID_SIGN_IN_EMAIL_MESSAGE,
  SIGN_IN_LINK_SENT_MESSAGE,
  SIGN_IN_MAIL_FAILED_MESSAGE,
} from "~/features/auth/schema";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/lib/api.server";
import { liveStaffId, type SessionData } from "~/lib/session.server";
import { action as verifyAction, loader as verifyLoader } from "../../public/sign-in-verify";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
afterEach(() => {
  vi.useRealTimers();
});

const SITE = "http://localhost:5000";
let nextIp = 1;
/** Each test asks from its own address, so that the per-IP limit of one test does not spill into another. */
const freshIp = () => `192.0.2.${nextIp++}`;

const requestLink = (body: unknown, options: CallRouteOptions = {}) =>
  callApi(
    database.db,
    new Request(`${SITE}/api/auth/email-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { clientIp: freshIp(), ...options },
  );

async function linkMailedTo(email: string) {
  const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return { mail, link: extractLink(mail.text) };
}

function extractLink(text: string) {
  const match = /http:\/\/localhost:5000\/sign-in\/verify\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no sign-in link in:\n${text}`);
  return { url: match[0], token: match[1] };
}

const openLink = (url: string) => callRoute(verifyLoader, database.db, new Request(url));

const confirm = (token: string, headers: Record<string, string> = {}) =>
  callRoute(
    verifyAction,
    database.db,
    new Request(`${SITE}/sign-in/verify?token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE, ...headers },
      body: new URLSearchParams({ token }),
    }),
  );

describe("POST /api/auth/email-link", () => {
  it("mails a link to the sign-in page and stores only the token's hash", async () => {
    const reply = await requestLink({ email: "  New.Member@Example.com " });
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: SIGN_IN_LINK_SENT_MESSAGE } });

    const { mail, link } = await linkMailedTo("new.member@example.com");
    expect(mail.subject).toBe("Your sign-in link for The Disruption Confessional");
    expect(mail.text).toContain("expires in 15 minutes");
    const rows = await database.db.select().from(loginTokens).where(eq(loginTokens.email, "new.member@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].tokenHash).not.toContain(link.token);
    expect(rows[0].expiresAt.getTime() - rows[0].createdAt.getTime()).toBeCloseTo(15 * 60 * 1000, -4);
    // Nobody is created until the link is used.
    expect(await database.db.select().from(users).where(eq(users.email, "new.member@example.com"))).toEqual([]);
  });

  it("answers a known address exactly like an unknown one", async () => {
    await database.db.insert(users).values({ id: "known-member", email: "known@example.com" });
    const known = await requestLink({ email: "known@example.com" });
    const unknown = await requestLink({ email: "nobody-here@example.com" });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect([...known.headers.keys()]).toEqual([...unknown.headers.keys()]);
  });

  it.each([[{ email: "not-an-address" }], [{ email: "" }], [{}], [{ email: 42 }]])(
    "refuses %j with the spec's message and stores nothing",
    async (body) => {
      const before = await database.db.$count(loginTokens);
      const reply = await requestLink(body);
      expect(reply).toMatchObject({ status: 400, body: { success: false, message: INVALID_SIGN_IN_EMAIL_MESSAGE } });
      expect(await database.db.$count(loginTokens)).toBe(before);
    },
  );

  it("limits links per address, from any IP", async () => {
    const email = "often@example.com";
    for (let attempt = 0; attempt < SIGN_IN_LINK_LIMITS.perAddress.limit; attempt++) {
      expect((await requestLink({ email })).status).toBe(200);
    }
    const refused = await requestLink({ email });
    expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY_REQUESTS_MESSAGE } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await database.db.$count(mailOutbox, eq(mailOutbox.to, email))).toBe(SIGN_IN_LINK_LIMITS.perAddress.limit);
    expect((await requestLink({ email: "someone-else@example.com" })).status).toBe(200);
  });

  it("limits links per IP, whatever the address", async () => {
    const clientIp = freshIp();
    for (let attempt = 0; attempt < SIGN_IN_LINK_LIMITS.perIp.limit; attempt++) {
      expect((await requestLink({ email: `ip-${attempt}@example.com` }, { clientIp })).status).toBe(200);
    }
    const refused = await requestLink({ email: "ip-last@example.com" }, { clientIp });
    expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY_REQUESTS_MESSAGE } });
    expect(await database.db.$count(mailOutbox, eq(mailOutbox.to, "ip-last@example.com"))).toBe(0);
    expect((await requestLink({ email: "ip-last@example.com" })).status).toBe(200);
  });

  it("answers 503 when the mail cannot be sent", async () => {
    const reply = await requestLink(
      { email: "unlucky@example.com" },
      {
        mailer: {
          send: () => Promise.reject(new Error("SMTP down")),
        },
      },
    );
    expect(reply).toMatchObject({ status: 503, body: { success: false, message: SIGN_IN_MAIL_FAILED_MESSAGE } });
  });

  it("does not exist when OpenID Connect is configured", async () => {
    const reply = await requestLink(
      { email: "oidc-on@example.com" },
      { env: { OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "site", OIDC_CLIENT_SECRET: "secret" } },
    );
    expect(reply.status).toBe(404);
  });
});

describe("the emailed link", () => {
  it("shows a confirm step on GET, however often, and signs in only on POST", async () => {
    await requestLink({ email: "confirm@example.com", returnTo: "/members/profile" });
    const { link } = await linkMailedTo("confirm@example.com");

    for (let opened = 0; opened < 3; opened++) {
      expect(await openLink(link.url)).toMatchObject({ status: 200, body: { usable: true } });
    }
    expect(await database.db.select().from(users).where(eq(users.email, "confirm@example.com"))).toEqual([]);

    const signedIn = await confirm(link.token);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/members/profile");
    expect(signedIn.headers.get("set-cookie")).toMatch(/^sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/);

    const me = await userFor(database.db, cookieOf(signedIn.headers));
    expect(me).toMatchObject({ status: 200, body: { email: "confirm@example.com", membershipTier: "free" } });
  });

  it("works once", async () => {
    await requestLink({ email: "once@example.com" });
    const { link } = await linkMailedTo("once@example.com");
    expect((await confirm(link.token)).status).toBe(302);

    const again = await confirm(link.token);
    expect(again).toMatchObject({ status: 400, body: { refused: true } });
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(await openLink(link.url)).toMatchObject({ body: { usable: false } });
  });

  it("lets only one of two simultaneous confirmations through", async () => {
    await requestLink({ email: "race@example.com" });
    const { link } = await linkMailedTo("race@example.com");
    const replies = await Promise.all([confirm(link.token), confirm(link.token), confirm(link.token)]);
    expect(replies.map(({ status }) => status).sort()).toEqual([302, 400, 400]);
  });

  it("expires after 15 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-01-01T12:00:00Z");
    vi.setSystemTime(start);
    await requestLink({ email: "late@example.com" });
    await requestLink({ email: "in-time@example.com" });
    const late = (await linkMailedTo("late@example.com")).link;
    const inTime = (await linkMailedTo("in-time@example.com")).link;

    vi.setSystemTime(new Date(start.getTime() + 15 * 60 * 1000 - 1000));
    expect(await openLink(late.url)).toMatchObject({ body: { usable: true } });
    expect((await confirm(inTime.token)).status).toBe(302);

    vi.setSystemTime(new Date(start.getTime() + 15 * 60 * 1000));
    expect(await openLink(late.url)).toMatchObject({ body: { usable: false } });
    expect(await confirm(late.token)).toMatchObject({ status: 400, body: { refused: true } });
  });

  it.each(["", "unknown-token", "A".repeat(43)])("refuses the unknown token %j", async (token) => {
    expect(await openLink(`${SITE}/sign-in/verify?token=${token}`)).toMatchObject({ body: { usable: false } });
    expect(await confirm(token)).toMatchObject({ status: 400, body: { refused: true } });
  });

  it("refuses a confirmation posted from another site and leaves the link usable", async () => {
    await requestLink({ email: "csrf@example.com" });
    const { link } = await linkMailedTo("csrf@example.com");
    const forged = await confirm(link.token, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(forged.headers.get("set-cookie")).toBeNull();
    expect(await openLink(link.url)).toMatchObject({ body: { usable: true } });
  });

  it("signs an existing member in to their own record, in any letter case, keeping their tier", async () => {
    await database.db
      .insert(users)
      .values({ id: "premium-by-email", email: "Paid.Member@Example.com", membershipTier: "premium" });
    await requestLink({ email: "paid.member@example.com" });
    const { link } = await linkMailedTo("paid.member@example.com");
    const signedIn = await confirm(link.token);
    expect((await userFor(database.db, cookieOf(signedIn.headers))).body).toMatchObject({
      id: "premium-by-email",
      membershipTier: "premium",
    });
  });

  it("goes to the dashboard when the requested return path is another site", async () => {
    await requestLink({ email: "redirect@example.com", returnTo: "//evil.example/members" });
    const { link } = await linkMailedTo("redirect@example.com");
    expect((await confirm(link.token)).headers.get("location")).toBe("/members/dashboard");
  });

  it("replaces the browser's previous session and keeps the owner role of that browser", async () => {
    const ownerCookie = await signInOwner(database.db);
    await requestLink({ email: "owner-too@example.com" });
    const { link } = await linkMailedTo("owner-too@example.com");
    const signedIn = await confirm(link.token, { cookie: ownerCookie });
    const cookie = cookieOf(signedIn.headers);
    expect(cookie).not.toBe(ownerCookie);
    const stored = await database.db.select({ sess: sessions.sess }).from(sessions);
    const data = stored.map(({ sess }) => sess as SessionData);
    expect(data.some((sess) => liveStaffId(sess) !== null && typeof sess.userId === "string")).toBe(true);
    expect((await userFor(database.db, ownerCookie)).status).toBe(401);
    expect((await userFor(database.db, cookie)).body).toMatchObject({ email: "owner-too@example.com" });
  });
});

describe("GET /api/login without OpenID Connect", () => {
  it("goes to the email sign-in page, carrying a safe return path", async () => {
    const reply = await callApi(database.db, new Request(`${SITE}/api/login?returnTo=/members/upgrade`));
    expect(reply.status).toBe(302);
    expect(reply.headers.get("location")).toBe("/sign-in?returnTo=%2Fmembers%2Fupgrade");
    const unsafe = await callApi(database.db, new Request(`${SITE}/api/login?returnTo=https://evil.example`));
    expect(unsafe.headers.get("location")).toBe("/sign-in?returnTo=%2Fmembers%2Fdashboard");
  });
});

describe("over a real SMTP server", () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(() => inbox.close());

  it("delivers the link, which then signs in", async () => {
    const reply = await requestLink(
      { email: "smtp.member@example.com", returnTo: "/members/upgrade" },
      { env: { SMTP_URL: inbox.url, MAIL_FROM: "Show <show@example.com>" } },
    );
    expect(reply.status).toBe(200);

    expect(inbox.received).toHaveLength(1);
    expect(inbox.received[0].to).toEqual(["smtp.member@example.com"]);
    const { message } = inbox.received[0];
    expect(message).toMatch(/^From: Show <show@example\.com>$/m);
    expect(message).toMatch(/^Subject: Your sign-in link for The Disruption Confessional$/m);
    // With SMTP configured nothing goes to the outbox.
    expect(await database.db.$count(mailOutbox, eq(mailOutbox.to, "smtp.member@example.com"))).toBe(0);

    const { url, token } = extractLink(message);
    expect(await openLink(url)).toMatchObject({ body: { usable: true } });
    const signedIn = await confirm(token);
    expect(signedIn.headers.get("location")).toBe("/members/upgrade");
    expect((await userFor(database.db, cookieOf(signedIn.headers))).body).toMatchObject({
      email: "smtp.member@example.com",
    });
  });
});
