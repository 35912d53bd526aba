import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { signInStaff, type TestStaff } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { activityLog, loginThrottles, staffAccounts } from "~/db/schema";
import { throttleAccountOf } from "~/features/owner/login-throttle.server";
import {
  PASSWORDS_DIFFER_MESSAGE,
  STAFF_EXISTS_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "~/features/staff/schema";
import { hashPassword, verifyPassword } from "~/lib/password-hash.server";
import { createSession } from "~/lib/session.server";

const OLD_PASSWORD = "the-editors-old-password";
const NEW_PASSWORD = "the-editors-new-password";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const call = (method: string, path: string, cookie: string, body?: unknown) =>
  callApi(
    database.db,
    new Request(`http://localhost${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { clientIp: "192.0.2.30" },
  );

const changePassword = (cookie: string, body: unknown) => call("POST", "/api/admin/account/password", cookie, body);

const storedHash = async (staffId: number) =>
  (await database.db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)))[0]?.passwordHash ?? null;

/** An editor whose password is OLD_PASSWORD, signed in on this browser and on `others` more. */
async function editorWithSessions(others: number): Promise<{ editor: TestStaff; otherCookies: string[] }> {
  const editor = await signInStaff(database.db, "editor");
  await database.db
    .update(staffAccounts)
    .set({ passwordHash: await hashPassword(OLD_PASSWORD) })
    .where(eq(staffAccounts.id, editor.id));
  const otherCookies = await Promise.all(
    Array.from({ length: others }, async () => {
      const { token } = await createSession(database.db, {
        staffId: editor.id,
        staffExpiresAt: Date.now() + 60_000,
        staffStartedAt: Date.now(),
      });
      return `sid=${token}`;
    }),
  );
  return { editor, otherCookies };
}

const signedIn = async (cookie: string) => (await call("GET", "/api/admin/sessions", cookie)).status === 200;

describe("changing one's own password", { timeout: 60_000 }, () => {
  it("with the right current password: sets the new one, signs out the other sessions, keeps this one, and is logged", async () => {
    const { editor, otherCookies } = await editorWithSessions(2);
    const reply = await changePassword(editor.cookie, {
      currentPassword: OLD_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reply).toMatchObject({ status: 200, body: { success: true, ended: 2 } });
    expect((reply.body as { message: string }).message).toBe("Password changed. 2 other sessions were signed out.");

    const hash = await storedHash(editor.id);
    expect(await verifyPassword(NEW_PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(OLD_PASSWORD, hash)).toBe(false);
    expect(await signedIn(editor.cookie)).toBe(true);
    for (const cookie of otherCookies) expect(await signedIn(cookie)).toBe(false);

    const entries = await database.db.select().from(activityLog).where(eq(activityLog.actorStaffId, editor.id));
    expect(entries).toEqual([
      expect.objectContaining({
        kind: "staff.password_changed",
        actorEmail: editor.email,
        subjectType: "staff",
        subjectId: String(editor.id),
        subjectTitle: editor.email,
      }),
    ]);
    // The passwords themselves are nowhere in the entry.
    expect(JSON.stringify(entries)).not.toContain(NEW_PASSWORD);

    const login = await callApi(
      database.db,
      new Request("http://localhost/api/admin/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: editor.email, password: NEW_PASSWORD }),
      }),
      { clientIp: "192.0.2.31" },
    );
    expect(login.status).toBe(200);
  });

  it("with a wrong current password: 400 with a clear message, nothing changed, and counted as a failed login", async () => {
    const { editor, otherCookies } = await editorWithSessions(1);
    const before = await storedHash(editor.id);
    const reply = await changePassword(editor.cookie, {
      currentPassword: "not-the-current-password",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(reply).toMatchObject({
      status: 400,
      body: {
        success: false,
        message: WRONG_CURRENT_PASSWORD_MESSAGE,
        errors: { currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE] },
      },
    });
    expect(await storedHash(editor.id)).toBe(before);
    expect(await signedIn(otherCookies[0])).toBe(true);
    const [throttle] = await database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.account, throttleAccountOf(editor.id)));
    expect(throttle?.consecutiveFailures).toBe(1);
    expect(await database.db.$count(activityLog, eq(activityLog.actorStaffId, editor.id))).toBe(0);

    // The right one afterwards clears the count, as a login does.
    const right = await changePassword(editor.cookie, {
      currentPassword: OLD_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(right.status).toBe(200);
    const [cleared] = await database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.account, throttleAccountOf(editor.id)));
    expect(cleared?.consecutiveFailures).toBe(0);
  });

  it("refuses new passwords that differ or are too short, before checking anything", async () => {
    const { editor } = await editorWithSessions(0);
    const before = await storedHash(editor.id);
    const mismatch = await changePassword(editor.cookie, {
      currentPassword: OLD_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: "another-long-password",
    });
    expect(mismatch).toMatchObject({ status: 400, body: { errors: { confirmPassword: [PASSWORDS_DIFFER_MESSAGE] } } });
    const short = await changePassword(editor.cookie, {
      currentPassword: OLD_PASSWORD,
      newPassword: "short",
      confirmPassword: "short",
    });
    expect(short).toMatchObject({ status: 400, body: { errors: { newPassword: [expect.any(String)] } } });
    expect(await storedHash(editor.id)).toBe(before);
  });

  it("after four wrong current passwords in a row, makes the account wait as the login does", async () => {
    const { editor } = await editorWithSessions(0);
    const wrong = { currentPassword: "a-wrong-guess", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let attempt = 1; attempt <= 5; attempt++)
      expect((await changePassword(editor.cookie, wrong)).status).toBe(400);
    const waiting = await changePassword(editor.cookie, { ...wrong, currentPassword: OLD_PASSWORD });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("changing one's own email", { timeout: 60_000 }, () => {
  const changeEmail = (cookie: string, body: unknown) => call("POST", "/api/admin/account/email", cookie, body);
  const storedEmail = async (staffId: number) =>
    (await database.db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)))[0]?.email;

  it("with the current password: the new email (trimmed, lower-cased) signs in, sessions stay, and it is logged", async () => {
    const { editor, otherCookies } = await editorWithSessions(1);
    const reply = await changeEmail(editor.cookie, {
      email: " Renamed.Editor@Example.com ",
      currentPassword: OLD_PASSWORD,
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { success: true, data: { email: "renamed.editor@example.com" } },
    });
    expect(await storedEmail(editor.id)).toBe("renamed.editor@example.com");
    expect(await signedIn(editor.cookie)).toBe(true);
    expect(await signedIn(otherCookies[0])).toBe(true);
    const entries = await database.db.select().from(activityLog).where(eq(activityLog.actorStaffId, editor.id));
    expect(entries.map((entry) => [entry.kind, entry.subjectTitle, entry.detail])).toEqual([
      ["staff.email_changed", editor.email, "Now renamed.editor@example.com"],
    ]);

    const login = await callApi(
      database.db,
      new Request("http://localhost/api/admin/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "renamed.editor@example.com", password: OLD_PASSWORD }),
      }),
      { clientIp: "192.0.2.32" },
    );
    expect(login.status).toBe(200);
  });

  it("refuses a wrong current password (400) and an email another account has (409), changing nothing", async () => {
    const { editor } = await editorWithSessions(0);
    const other = await signInStaff(database.db, "support", "taken@example.com");
    const wrong = await changeEmail(editor.cookie, { email: "fresh@example.com", currentPassword: "a-wrong-password" });
    expect(wrong).toMatchObject({ status: 400, body: { message: WRONG_CURRENT_PASSWORD_MESSAGE } });
    const taken = await changeEmail(editor.cookie, { email: "Taken@Example.com", currentPassword: OLD_PASSWORD });
    expect(taken).toMatchObject({ status: 409, body: { errors: { email: [STAFF_EXISTS_MESSAGE] } } });
    const invalid = await changeEmail(editor.cookie, { email: "not an email", currentPassword: OLD_PASSWORD });
    expect(invalid).toMatchObject({ status: 400, body: { errors: { email: [expect.any(String)] } } });
    expect(await storedEmail(editor.id)).toBe(editor.email);
    expect(await storedEmail(other.id)).toBe("taken@example.com");
  });
});
