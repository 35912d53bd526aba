import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staffAccounts } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/lib/password-hash.server";
import { endStaffSessionsOf } from "~/lib/session.server";
import { claimAccountAttempt, recordAccountFailure, resetAccount, throttleAccountOf } from "./login-throttle.server";

type CurrentPasswordCheck =
  | { outcome: "right" }
  | { outcome: "wrong-current-password" }
  /** The account waits after failures in a row, logins and own-account changes alike. */
  | { outcome: "slowed-down"; retryAfterSeconds: number };

/**
 * The signed-in person's current password, checked before they change their own account. A wrong one counts as a failed
 * login of the account (someone at an unlocked screen must not guess faster here than on the login), and a right one
 * clears the count as a login does.
 */
async function checkCurrentPassword(db: Database, staffId: number, password: string): Promise<CurrentPasswordCheck> {
  const throttleAccount = throttleAccountOf(staffId);
  const attempt = await claimAccountAttempt(db, throttleAccount);
  if (!attempt.allowed) return { outcome: "slowed-down", retryAfterSeconds: attempt.retryAfterSeconds };
  const [account] = await db
    .select({ passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1);
  if (!(await verifyPassword(password, account?.passwordHash ?? null))) {
    await recordAccountFailure(db, throttleAccount, attempt.failuresBefore + 1);
    return { outcome: "wrong-current-password" };
  }
  await resetAccount(db, throttleAccount);
  return { outcome: "right" };
}

export type OwnPasswordChange =
  | { outcome: "changed"; otherSessionsEnded: number }
  | Exclude<CurrentPasswordCheck, { outcome: "right" }>;

/**
 * The signed-in person replaces their own password, given the current one. The person's other sessions end, so a copy
 * of an old cookie is out; the session the change came from stays.
 */
export async function changeOwnPassword(
  db: Database,
  request: Request,
  staffId: number,
  passwords: { currentPassword: string; newPassword: string },
): Promise<OwnPasswordChange> {
  const check = await checkCurrentPassword(db, staffId, passwords.currentPassword);
  if (check.outcome !== "right") return check;
  const passwordHash = await hashPassword(passwords.newPassword);
  const otherSessionsEnded = await db.transaction(async (tx) => {
    await tx.update(staffAccounts).set({ passwordHash, updatedAt: new Date() }).where(eq(staffAccounts.id, staffId));
    return endStaffSessionsOf(tx, request, staffId, null);
  });
  return { outcome: "changed", otherSessionsEnded };
}

export type OwnEmailChange =
  | { outcome: "changed"; email: string }
  /** Another account has this email. */
  | { outcome: "taken" }
  | Exclude<CurrentPasswordCheck, { outcome: "right" }>;

/**
 * The signed-in person's own email (the one they sign in with), given their current password. Sessions stay: they name
 * the account, not its email. An email another account has is refused by the unique index, so two changes at once
 * cannot both take it.
 */
export async function changeOwnEmail(
  db: Database,
  staffId: number,
  change: { currentPassword: string; email: string },
): Promise<OwnEmailChange> {
  const check = await checkCurrentPassword(db, staffId, change.currentPassword);
  if (check.outcome !== "right") return check;
  const [taken] = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.email, change.email), ne(staffAccounts.id, staffId)))
    .limit(1);
  if (taken) return { outcome: "taken" };
  try {
    await db
      .update(staffAccounts)
      .set({ email: change.email, updatedAt: new Date() })
      .where(eq(staffAccounts.id, staffId));
  } catch (error) {
    if (isUniqueViolation(error)) return { outcome: "taken" };
    throw error;
  }
  return { outcome: "changed", email: change.email };
}

/** PostgreSQL's unique_violation: another change took the email between the check and the write. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === "23505") return true;
  }
  return false;
}
