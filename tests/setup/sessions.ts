import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staffAccounts, users } from "~/db/schema";
import { OWNER_SESSION_MAX_AGE_MS } from "~/features/owner/login.server";
import type { MembershipTier } from "~/lib/auth.server";
import { SESSION_COOKIE } from "~/lib/request-cookies.server";
import { createSession } from "~/lib/session.server";
import type { StaffRole } from "~/lib/staff-roles";
import { callApi } from "./call-api";

export type TestMember = { id: string; email: string; cookie: string };

/** Creates a member of `tier` with a live session; `cookie` is the Cookie header value that carries it. */
export async function signInMember(
  db: Database,
  tier: MembershipTier,
  overrides: { email?: string; firstName?: string | null; lastName?: string | null } = {},
): Promise<TestMember> {
  const id = randomUUID();
  const email = overrides.email ?? `${tier}-${id.slice(0, 8)}@example.com`;
  await db.insert(users).values({
    id,
    email,
    firstName: overrides.firstName === undefined ? "Test" : overrides.firstName,
    lastName: overrides.lastName === undefined ? "Member" : overrides.lastName,
    membershipTier: tier,
  });
  const { token } = await createSession(db, { userId: id });
  return { id, email, cookie: `${SESSION_COOKIE}=${token}` };
}

/** A hash no password matches: the account counts as having set one, and only a session signs it in. */
const UNUSABLE_PASSWORD_HASH = "scrypt$test-only";

/** A session of a staff account, for as long as a login gives it; the Cookie header value. */
async function sessionOfStaff(db: Database, staffId: number): Promise<string> {
  const now = Date.now();
  const { token } = await createSession(db, {
    staffId,
    staffExpiresAt: now + OWNER_SESSION_MAX_AGE_MS,
    staffStartedAt: now,
    address: "127.0.0.1",
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** A session of the owner account (made if there is none yet); the Cookie header value. */
export async function signInOwner(db: Database): Promise<string> {
  const [existing] = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(eq(staffAccounts.role, "owner"))
    .orderBy(asc(staffAccounts.id))
    .limit(1);
  const owner =
    existing ??
    (
      await db
        .insert(staffAccounts)
        .values({ email: "owner@localhost", role: "owner", passwordHash: UNUSABLE_PASSWORD_HASH })
        .returning({ id: staffAccounts.id })
    )[0];
  return sessionOfStaff(db, owner.id);
}

export type TestStaff = { id: number; email: string; role: StaffRole; cookie: string };

/** A new active staff account of `role` with a live session. */
export async function signInStaff(db: Database, role: StaffRole, email?: string): Promise<TestStaff> {
  const [account] = await db
    .insert(staffAccounts)
    .values({
      email: email ?? `${role}-${randomUUID().slice(0, 8)}@example.com`,
      role,
      passwordHash: UNUSABLE_PASSWORD_HASH,
    })
    .returning({ id: staffAccounts.id, email: staffAccounts.email });
  return { ...account, role, cookie: await sessionOfStaff(db, account.id) };
}

/** The first cookie an answer sets, as the Cookie header value that sends it back ("" when it sets none). */
export const cookieOf = (headers: Headers) => (headers.get("set-cookie") ?? "").split(";")[0];

/** The cookie `name` among those an answer sets, as a Cookie header value; undefined when it sets no such cookie. */
export const cookieNamed = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((pair) => pair.startsWith(`${name}=`));

/** GET /api/auth/user for the holder of `cookie` (none: a signed-out visitor), as the client sees the answer. */
export const userFor = (db: Database, cookie?: string) =>
  callApi(db, new Request("http://localhost/api/auth/user", { headers: cookie ? { cookie } : {} }));
