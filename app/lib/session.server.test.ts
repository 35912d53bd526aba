import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInMember, signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { sessions } from "~/db/schema";
import { getViewer, requireStaffForPage, requireUserForPage } from "~/lib/auth.server";
import { parseEnv } from "~/lib/env.server";
import { SESSION_COOKIE } from "~/lib/request-cookies.server";
import { createSession, endSession, readSession, startSession, wasSessionFound } from "~/lib/session.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const env = parseEnv({ NODE_ENV: "test" });
const requestWith = (cookie?: string) =>
  new Request("http://localhost/members/dashboard?tab=1", { headers: cookie ? { cookie } : {} });

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected the guard to throw");
}

describe("sessions", () => {
  it("stores only a hash of the token and reads the session back from the cookie", async () => {
    const { token } = await createSession(database.db, { userId: "someone" });
    const rows = await database.db.select().from(sessions);
    expect(rows.map((row) => row.sid)).not.toContain(token);
    const session = await readSession(database.db, requestWith(`${SESSION_COOKIE}=${token}`));
    expect(session?.data).toEqual({ userId: "someone" });
  });

  it("ignores tampered, unknown and malformed cookies", async () => {
    const { token } = await createSession(database.db, { staffId: 1, staffExpiresAt: Date.now() + 60_000 });
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const cookie of [`${SESSION_COOKIE}=${tampered}`, `${SESSION_COOKIE}=x`, `${SESSION_COOKIE}=${token}'--`]) {
      expect(await readSession(database.db, requestWith(cookie))).toBeNull();
    }
  });

  it("reads the cookie as the site's one parser does: spaces and tabs around the name, exact name, first pair", async () => {
    const { token } = await createSession(database.db, { userId: "spelled" });
    for (const cookie of [` sid=${token}`, `\tsid=${token} `, `a=1;sid=${token}`, `a=1; \t sid =  ${token};b`]) {
      expect((await readSession(database.db, requestWith(cookie)))?.data, JSON.stringify(cookie)).toEqual({
        userId: "spelled",
      });
    }
    const notASession = [
      `\u00a0sid=${token}`,
      // An em space as its UTF-8 bytes reach the server, which reads header bytes as Latin-1.
      `${Buffer.from("\u2003").toString("latin1")}sid=${token}`,
      `SID=${token}`,
      `Sid=${token}`,
      `sid="${token}"`,
      `sid=x; sid=${token}`,
    ];
    for (const cookie of notASession) {
      expect(await readSession(database.db, requestWith(cookie)), JSON.stringify(cookie)).toBeNull();
    }
  });

  it("remembers for which request it found a session, and for which not", async () => {
    const { token } = await createSession(database.db, { userId: "found" });
    const signedIn = requestWith(`${SESSION_COOKIE}=${token}`);
    const unknown = requestWith(`${SESSION_COOKIE}=${"A".repeat(43)}`);
    const anonymous = requestWith();
    expect(wasSessionFound(signedIn)).toBe(false);
    for (const request of [signedIn, unknown, anonymous]) await readSession(database.db, request);
    expect([signedIn, unknown, anonymous].map(wasSessionFound)).toEqual([true, false, false]);
    expect(wasSessionFound(requestWith(`${SESSION_COOKIE}=${token}`))).toBe(false);
  });

  it("treats an expired session as none and deletes it", async () => {
    const { token } = await createSession(database.db, { staffId: 1, staffExpiresAt: Date.now() + 60_000 }, -1000);
    expect(await readSession(database.db, requestWith(`${SESSION_COOKIE}=${token}`))).toBeNull();
    const left = await database.db.select().from(sessions);
    expect(left.every((row) => row.expire.getTime() > Date.now())).toBe(true);
  });

  it("rotates the token on sign-in and ends the old session", async () => {
    const { token: before } = await createSession(database.db, {});
    const oldRequest = requestWith(`${SESSION_COOKIE}=${before}`);
    const setCookie = await startSession(database.db, env, oldRequest, { userId: "member-1" });
    expect(setCookie).toMatch(/^sid=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect(setCookie).not.toContain(before);
    expect(await readSession(database.db, requestWith(`${SESSION_COOKIE}=${before}`))).toBeNull();
    const after = setCookie.split(";")[0];
    expect((await readSession(database.db, requestWith(after)))?.data).toEqual({ userId: "member-1" });
  });

  it("marks the cookie Secure in production", async () => {
    const setCookie = await startSession(database.db, parseEnv({ NODE_ENV: "production" }), requestWith(), {});
    expect(setCookie).toMatch(/; Secure$/);
  });

  it("ends the session on sign-out and clears the cookie", async () => {
    const owner = await signInOwner(database.db);
    const cleared = await endSession(database.db, env, requestWith(owner));
    expect(cleared).toContain("Max-Age=0");
    expect(await readSession(database.db, requestWith(owner))).toBeNull();
  });
});

describe("guards", () => {
  it("sends an anonymous visitor of a member page to sign-in, coming back afterwards", async () => {
    const response = await thrownBy(requireUserForPage(database.db, requestWith()));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/api/login?returnTo=%2Fmembers%2Fdashboard%3Ftab%3D1");
  });

  it("sends someone without a staff account to the admin login from admin pages", async () => {
    const response = await thrownBy(
      requireStaffForPage(database.db, requestWith("localStorage-admin=true"), ["owner"]),
    );
    expect(response.headers.get("location")).toBe("/admin/login");
  });

  it("reads the member's tier from the database", async () => {
    const member = await signInMember(database.db, "basic", { firstName: null });
    const viewer = await getViewer(database.db, requestWith(member.cookie));
    expect(viewer).toMatchObject({ isOwner: false, user: { id: member.id, membershipTier: "basic", firstName: null } });
  });
});
