import { desc, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ownerSignIns } from "~/db/schema";
import { type OwnerSignIn, SIGN_IN_RECORD_DAYS } from "./schema";

/** User agents are free text from the client; what a person needs to recognise a browser fits in this. */
const USER_AGENT_MAX_LENGTH = 512;

export type SignInAttempt = {
  address: string;
  userAgent: string | null;
  succeeded: boolean;
  /** The account the login named; null when its email is no account's. */
  accountEmail?: string | null;
};

/** Records one login attempt whose password was checked, and drops what is older than SIGN_IN_RECORD_DAYS. */
export async function recordOwnerSignIn(db: Database, attempt: SignInAttempt, now = new Date()): Promise<void> {
  await db.insert(ownerSignIns).values({
    at: now,
    address: attempt.address,
    userAgent: attempt.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
    succeeded: attempt.succeeded,
    accountEmail: attempt.accountEmail ?? null,
  });
  await db.delete(ownerSignIns).where(lt(ownerSignIns.at, new Date(now.getTime() - SIGN_IN_RECORD_DAYS * 86_400_000)));
}

/** The latest attempts, newest first. */
export async function listOwnerSignIns(db: Database, limit: number): Promise<OwnerSignIn[]> {
  const rows = await db
    .select({
      id: ownerSignIns.id,
      at: ownerSignIns.at,
      address: ownerSignIns.address,
      userAgent: ownerSignIns.userAgent,
      succeeded: ownerSignIns.succeeded,
      accountEmail: ownerSignIns.accountEmail,
    })
    .from(ownerSignIns)
    .orderBy(desc(ownerSignIns.at), desc(ownerSignIns.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
