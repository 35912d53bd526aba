import { randomUUID } from "node:crypto";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { MembershipTier } from "~/lib/auth.server";
import { createSession, SESSION_COOKIE } from "~/lib/session.server";

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

/** A session with the owner role; the Cookie header value. */
export async function signInOwner(db: Database): Promise<string> {
  const { token } = await createSession(db, { owner: true });
  return `${SESSION_COOKIE}=${token}`;
}
