import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { cookieOf, signInOwner, signInStaff } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { mailOutbox, staffAccounts, staffInvitations } from "~/db/schema";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "~/features/owner/schema";
import { LAST_OWNER_MESSAGE, PASSWORDS_DIFFER_MESSAGE, STAFF_EXISTS_MESSAGE } from "~/features/staff/schema";
import { getViewer } from "~/lib/auth.server";
import { hashPassword } from "~/lib/password-hash.server";
import { createSession } from "~/lib/session.server";
import { base32Decode, hotp, totpStep } from "~/lib/two-factor.server";
import { action as acceptAction, loader as acceptLoader } from "../../admin/accept-invite";

let database: TestDatabase;
let owner: string;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
});
afterAll(() => database.close());

const SCRYPT_HEAVY = { timeout: 60_000 };

const staffCall = (method: string, path: string, cookie: string, body?: unknown) =>
  callApi(
    database.db,
    new Request(`http://localhost${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

const viewerFor = (cookie: string) =>
  getViewer(database.db, new Request("http://localhost/admin", { headers: { cookie } }));

/** The invitation link of the latest mail to `to`, as the person would open it. */
async function invitationLink(to: string): Promise<URL> {
  const [mail] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const link = /https?:\/\/\S+\/admin\/accept-invite\?token=[\w-]+/.exec(mail?.text ?? "")?.[0];
  if (!link) throw new Error(`no invitation mail to ${to}`);
  return new URL(link);
}

const openLink = (link: URL) =>
  callRoute(acceptLoader, database.db, new Request(`http://localhost${link.pathname}${link.search}`));

const postPassword = (link: URL, password: string, confirmPassword = password) =>
  callRoute(
    acceptAction,
    database.db,
    new Request(`http://localhost${link.pathname}${link.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: new URLSearchParams({ token: link.searchParams.get("token") ?? "", password, confirmPassword }).toString(),
    }),
  );

async function invite(email: string, role: string) {
  const reply = await staffCall("POST", "/api/admin/staff", owner, { email, role });
  expect(reply.status).toBe(201);
  return (reply.body as { data: { id: number } }).data.id;
}

describe("inviting staff", SCRYPT_HEAVY, () => {
  it("invites by email with a role: 201, an invited account, and a mail with a single-use link that signs them in", async () => {
    const reply = await staffCall("POST", "/api/admin/staff", owner, {
      email: " New.Editor@Example.com ",
      role: "editor",
    });
    expect(reply).toMatchObject({
      status: 201,
      body: {
        success: true,
        data: { email: "new.editor@example.com", role: "editor", status: "active", invited: true },
      },
    });
    const link = await invitationLink("new.editor@example.com");
    // Only the token's hash is stored.
    const stored = await database.db.select().from(staffInvitations);
    expect(stored.map((row) => row.tokenHash)).not.toContain(link.searchParams.get("token"));

    expect((await openLink(link)).body).toMatchObject({ state: "usable" });
    // Opening the link twice (a mail scanner, then the person) uses nothing up.
    expect((await openLink(link)).body).toMatchObject({ state: "usable" });

    const mismatch = await postPassword(link, "a-long-enough-password", "another-long-password");
    expect(mismatch).toMatchObject({ status: 400, body: { errors: { confirmPassword: PASSWORDS_DIFFER_MESSAGE } } });
    expect((await postPassword(link, "short")).body).toMatchObject({ errors: { password: expect.any(String) } });

    const accepted = await postPassword(link, "the-editors-own-password");
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/admin");
    expect(await viewerFor(cookieOf(accepted.headers))).toMatchObject({
      isOwner: false,
      staff: { email: "new.editor@example.com", role: "editor" },
    });

    // Used once: the link now says so, and a second post sets nothing.
    expect((await openLink(link)).body).toMatchObject({ state: "used" });
    const again = await postPassword(link, "an-attackers-password");
    expect(again).toMatchObject({ status: 400, body: { refused: "used" } });
    expect(again.headers.get("set-cookie")).toBeNull();

    const login = await callApi(
      database.db,
      new Request("http://localhost/api/admin/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "new.editor@example.com", password: "the-editors-own-password" }),
      }),
      { clientIp: "192.0.2.10" },
    );
    expect(login).toMatchObject({ status: 200, body: { role: "editor" } });
  });

  it("refuses an expired link, and an unknown one, with a clear message and no password set", async () => {
    const id = await invite("late@example.com", "support");
    const link = await invitationLink("late@example.com");
    await database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.staffId, id));
    expect((await openLink(link)).body).toMatchObject({ state: "invalid" });
    expect((await postPassword(link, "a-long-enough-password")).body).toMatchObject({ refused: "invalid" });
    const unknown = new URL("http://localhost/admin/accept-invite?token=not-a-real-token");
    expect((await openLink(unknown)).body).toMatchObject({ state: "invalid" });
    const [account] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
    expect(account.passwordHash).toBeNull();
  });

  it("sends a new link to an address still invited (the older one stops working), and refuses an address with an account", async () => {
    await invite("twice@example.com", "editor");
    const first = await invitationLink("twice@example.com");
    await invite("twice@example.com", "support");
    const second = await invitationLink("twice@example.com");
    expect((await openLink(first)).body).toMatchObject({ state: "invalid" });
    expect((await postPassword(second, "a-long-enough-password")).status).toBe(302);
    const [account] = await database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, "twice@example.com"));
    expect(account.role).toBe("support");

    const exists = await staffCall("POST", "/api/admin/staff", owner, { email: "twice@example.com", role: "editor" });
    expect(exists).toMatchObject({ status: 409, body: { success: false, message: STAFF_EXISTS_MESSAGE } });
  });

  it("answers 400 to a malformed invitation", async () => {
    for (const body of [{ email: "not-an-address", role: "editor" }, { email: "a@example.com", role: "admin" }, {}]) {
      expect((await staffCall("POST", "/api/admin/staff", owner, body)).status).toBe(400);
    }
  });
});

describe("changing and removing staff", () => {
  it("ends a suspended person's sessions at once; reactivated, they sign in again", async () => {
    const support = await signInStaff(database.db, "support");
    expect((await staffCall("GET", "/api/subscribers", support.cookie)).status).toBe(200);
    const reply = await staffCall("PATCH", `/api/admin/staff/${support.id}`, owner, { status: "suspended" });
    expect(reply).toMatchObject({ status: 200, body: { data: { status: "suspended" } } });
    expect((await staffCall("GET", "/api/subscribers", support.cookie)).status).toBe(401);
    expect(await viewerFor(support.cookie)).toEqual({ user: null, isOwner: false, staff: null });
    expect((await staffCall("PATCH", `/api/admin/staff/${support.id}`, owner, { status: "active" })).status).toBe(200);
  });

  it("stops a removed person's session on its next request", async () => {
    const editor = await signInStaff(database.db, "editor");
    expect((await staffCall("GET", "/api/admin/episodes", editor.cookie)).status).toBe(200);
    expect((await staffCall("DELETE", `/api/admin/staff/${editor.id}`, owner)).status).toBe(200);
    expect((await staffCall("GET", "/api/admin/episodes", editor.cookie)).status).toBe(401);
    expect((await staffCall("DELETE", `/api/admin/staff/${editor.id}`, owner)).status).toBe(404);
  });

  it("applies a new role on the person's next request, session unchanged", async () => {
    const person = await signInStaff(database.db, "editor");
    expect((await staffCall("GET", "/api/admin/members", person.cookie)).status).toBe(403);
    await staffCall("PATCH", `/api/admin/staff/${person.id}`, owner, { role: "support" });
    expect((await staffCall("GET", "/api/admin/members", person.cookie)).status).toBe(200);
    expect((await staffCall("GET", "/api/admin/episodes", person.cookie)).status).toBe(403);
  });

  it("refuses to remove, suspend or demote the last active owner, and allows it once another owner is active", async () => {
    const [first] = await database.db.select().from(staffAccounts).where(eq(staffAccounts.role, "owner"));
    for (const [method, body] of [
      ["DELETE", undefined],
      ["PATCH", { status: "suspended" }],
      ["PATCH", { role: "editor" }],
    ] as const) {
      const reply = await staffCall(method, `/api/admin/staff/${first.id}`, owner, body);
      expect(reply).toMatchObject({ status: 409, body: { success: false, message: LAST_OWNER_MESSAGE } });
    }
    expect((await viewerFor(owner)).isOwner).toBe(true);

    // A suspended second owner does not count: the first is still the last active one.
    const second = await signInStaff(database.db, "owner");
    await staffCall("PATCH", `/api/admin/staff/${second.id}`, owner, { status: "suspended" });
    expect((await staffCall("DELETE", `/api/admin/staff/${first.id}`, owner)).status).toBe(409);

    const third = await signInStaff(database.db, "owner");
    expect((await staffCall("PATCH", `/api/admin/staff/${first.id}`, third.cookie, { role: "editor" })).status).toBe(
      200,
    );
    expect((await viewerFor(owner)).isOwner).toBe(false);
    expect((await staffCall("DELETE", `/api/admin/staff/${third.id}`, third.cookie)).status).toBe(409);
  });

  it("lists every account with its role and status, for the owner only", async () => {
    const editor = await signInStaff(database.db, "editor");
    expect((await staffCall("GET", "/api/admin/staff", editor.cookie)).status).toBe(403);
    const owners = await database.db.select().from(staffAccounts).where(eq(staffAccounts.role, "owner"));
    const anOwner = await signInStaff(database.db, "owner");
    const list = await staffCall("GET", "/api/admin/staff", anOwner.cookie);
    expect(list.status).toBe(200);
    const rows = (list.body as { data: { email: string; role: string; status: string }[] }).data;
    expect(rows.length).toBeGreaterThan(owners.length);
    expect(rows).toContainEqual(expect.objectContaining({ email: editor.email, role: "editor", status: "active" }));
  });
});

describe("a person's own sessions", () => {
  it("lists only the person's live sessions, ends one, and signs out every other but the current", async () => {
    const editor = await signInStaff(database.db, "editor");
    const phone = await signInStaff(database.db, "support");
    // Two more sessions of the same editor, as other browsers would have.
    const [laptop, tablet] = await Promise.all(
      [0, 1].map(async () => {
        const { token } = await createSession(database.db, {
          staffId: editor.id,
          staffExpiresAt: Date.now() + 60_000,
          staffStartedAt: Date.now(),
          address: "198.51.100.7",
          userAgent: "Laptop Browser",
        });
        return `sid=${token}`;
      }),
    );
    const list = await staffCall("GET", "/api/admin/sessions", editor.cookie);
    const rows = (list.body as { data: { id: string; current: boolean; userAgent: string | null }[] }).data;
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.current)).toHaveLength(1);

    const other = rows.find((row) => !row.current);
    expect((await staffCall("DELETE", `/api/admin/sessions/${other?.id}`, phone.cookie)).status).toBe(404);
    expect((await staffCall("DELETE", `/api/admin/sessions/${other?.id}`, editor.cookie)).status).toBe(200);
    const ended = await staffCall("POST", "/api/admin/sessions/end-others", editor.cookie);
    expect(ended).toMatchObject({ status: 200, body: { ended: 1 } });
    expect((await staffCall("GET", "/api/admin/sessions", laptop)).status).toBe(401);
    expect((await staffCall("GET", "/api/admin/sessions", tablet)).status).toBe(401);
    expect((await staffCall("GET", "/api/admin/sessions", editor.cookie)).status).toBe(200);
    expect((await staffCall("GET", "/api/admin/sessions", phone.cookie)).status).toBe(200);
  });
});

describe("two-factor sign-in", SCRYPT_HEAVY, () => {
  const codeNow = (secret: string, offsetSteps = 0) => hotp(base32Decode(secret), totpStep(Date.now()) + offsetSteps);
  const logIn = (email: string, password: string, code?: string) =>
    callApi(
      database.db,
      new Request("http://localhost/api/admin/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password, ...(code === undefined ? {} : { code }) }),
      }),
      { clientIp: "192.0.2.20" },
    );

  it("is set up with a code from the app, then asks every sign-in for a code, each good once, or a recovery code", async () => {
    const person = await signInStaff(database.db, "editor", "two-factor@example.com");
    await database.db
      .update(staffAccounts)
      .set({ passwordHash: await hashPassword("the-two-factor-password") })
      .where(eq(staffAccounts.id, person.id));
    const begun = await staffCall("POST", "/api/admin/two-factor", person.cookie);
    const { secret, uri } = (begun.body as { data: { secret: string; uri: string } }).data;
    expect(uri).toContain(`secret=${secret}`);
    // Not yet in force: the password alone still signs in.
    expect((await logIn("two-factor@example.com", "the-two-factor-password")).status).toBe(200);

    expect((await staffCall("POST", "/api/admin/two-factor/confirm", person.cookie, { code: "000000x" })).status).toBe(
      400,
    );
    // The code of the previous step: the app may be a little behind.
    const confirmed = await staffCall("POST", "/api/admin/two-factor/confirm", person.cookie, {
      code: codeNow(secret, -1),
    });
    const { recoveryCodes } = (confirmed.body as { data: { recoveryCodes: string[] } }).data;
    expect(recoveryCodes).toHaveLength(10);
    expect((await staffCall("POST", "/api/admin/two-factor", person.cookie)).status).toBe(409);

    const asked = await logIn("two-factor@example.com", "the-two-factor-password");
    expect(asked).toMatchObject({
      status: 401,
      body: { twoFactorRequired: true, message: TWO_FACTOR_REQUIRED_MESSAGE },
    });
    expect(asked.headers.get("set-cookie")).toBeNull();
    expect((await logIn("two-factor@example.com", "a-wrong-password")).body).not.toHaveProperty("twoFactorRequired");

    const code = codeNow(secret);
    expect((await logIn("two-factor@example.com", "the-two-factor-password", "123456x")).status).toBe(401);
    expect((await logIn("two-factor@example.com", "the-two-factor-password", code)).status).toBe(200);
    // The same code again (someone who watched it typed): refused.
    expect((await logIn("two-factor@example.com", "the-two-factor-password", code)).status).toBe(401);

    expect(
      (await logIn("two-factor@example.com", "the-two-factor-password", recoveryCodes[0].toUpperCase())).status,
    ).toBe(200);
    expect((await logIn("two-factor@example.com", "the-two-factor-password", recoveryCodes[0])).status).toBe(401);

    expect(
      (await staffCall("POST", "/api/admin/two-factor/disable", person.cookie, { code: recoveryCodes[1] })).status,
    ).toBe(200);
    expect((await logIn("two-factor@example.com", "the-two-factor-password")).status).toBe(200);
  });
});
