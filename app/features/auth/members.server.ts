import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscribers, users } from "~/db/schema";

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  return row?.id ?? null;
}

/**
 * The member who owns `email`, created as a free member on their first confirmed sign-in. Concurrent first sign-ins
 * of one address end up with the same record.
 */
export async function findOrCreateMemberByEmail(db: Database, email: string): Promise<string> {
  const existing = await findUserIdByEmail(db, email);
  if (existing) return existing;
  await db
    .insert(users)
    .values({ id: randomUUID(), email: email.toLowerCase(), membershipTier: "free" })
    .onConflictDoNothing();
  const created = await findUserIdByEmail(db, email);
  if (!created) throw new Error("The member record could not be created");
  return created;
}

/** What an OpenID provider says about the person (standard claims); only `sub` is certain. */
export type IdentityClaims = {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  picture?: unknown;
};

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/**
 * Creates or updates the member a provider vouches for; the id is the provider's subject. Names and picture follow
 * the claims; the tier never does (new members are free). The email follows them only when the provider says it
 * verified it (`email_verified: true`): an address is what sign-in by email link, a later provider and the guest
 * applications a premium member sees are matched by, so an address nobody proved is never stored. A verified address
 * held by another record signs in to that record (someone who first came by email link); an address already held is
 * never taken from its record.
 */
export async function upsertMemberFromClaims(db: Database, claims: IdentityClaims): Promise<string> {
  const email = claims.email_verified === true ? text(claims.email)?.toLowerCase() : undefined;
  const profile = {
    ...(text(claims.given_name) !== undefined && { firstName: text(claims.given_name) }),
    ...(text(claims.family_name) !== undefined && { lastName: text(claims.family_name) }),
    ...(text(claims.picture) !== undefined && { profileImageUrl: text(claims.picture) }),
  };
  const emailOwner = email ? await findUserIdByEmail(db, email) : null;

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.id, claims.sub)).limit(1);
  if (!existing && emailOwner) {
    await db
      .update(users)
      .set({ ...profile, updatedAt: new Date() })
      .where(eq(users.id, emailOwner));
    return emailOwner;
  }

  const freeEmail = email && (!emailOwner || emailOwner === claims.sub) ? email : undefined;
  await db
    .insert(users)
    .values({ id: claims.sub, email: freeEmail ?? null, membershipTier: "free", ...profile })
    .onConflictDoUpdate({
      target: users.id,
      set: { ...profile, ...(freeEmail && { email: freeEmail }), updatedAt: new Date() },
    });
  return claims.sub;
}

/**
 * Bookkeeping of every sign-in: the time (the owner's Members screen shows it), and a member without names takes the
 * ones they gave the sign-up form with the same address, so that names given before an account existed are kept.
 */
export async function recordSignIn(db: Database, userId: string, now = new Date()): Promise<void> {
  await db
    .update(users)
    .set({
      lastSignInAt: now,
      firstName: sql`coalesce(${users.firstName}, (select ${subscribers.firstName} from ${subscribers} where lower(${subscribers.email}) = lower(${users.email}) limit 1))`,
      lastName: sql`coalesce(${users.lastName}, (select ${subscribers.lastName} from ${subscribers} where lower(${subscribers.email}) = lower(${users.email}) limit 1))`,
    })
    .where(eq(users.id, userId));
}
