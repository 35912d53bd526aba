import { randomUUID } from "node:crypto";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { OWNER_SESSION_MAX_AGE_MS } from "~/features/owner/login.server";
import type { MembershipTier } from "~/lib/auth.server";
import { SESSION_COOKIE } from "~/lib/request-cookies.server";
import { createSession } from "~/lib/session.server";
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

/** A session with the owner role, for as long as a login gives it; the Cookie header value. */
export async function signInOwner(db: Database): Promise<string> {
  const { token } = await createSession(db, { ownerExpiresAt: Date.now() + OWNER_SESSION_MAX_AGE_MS });
  return `${SESSION_COOKIE}=${token}`;
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
