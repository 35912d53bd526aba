import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staffAccounts } from "~/db/schema";
import {
  claimAccountAttempt,
  recordAccountFailure,
  resetAccount,
  throttleAccountOf,
} from "~/features/owner/login-throttle.server";
import { hashPassword, verifyPassword } from "~/lib/password-hash.server";
import { endStaffSessionsOf } from "~/lib/session.server";

export type OwnPasswordChange =
  | { outcome: "changed"; otherSessionsEnded: number }
  | { outcome: "wrong-current-password" }
  /** The account waits after failures in a row, logins and password changes alike. */
  | { outcome: "slowed-down"; retryAfterSeconds: number };

/**
 * The signed-in person replaces their own password: the current one must be right. A wrong one counts as a failed
 * login of the account (someone at an unlocked screen must not guess faster here than on the login), and a right one
 * clears the count as a login does. The person's other sessions end, so a copy of an old cookie is out; the session
 * the change came from stays.
 */
export async function changeOwnPassword(
  db: Database,
  request: Request,
  staffId: number,
  passwords: { currentPassword: string; newPassword: string },
): Promise<OwnPasswordChange> {
  const throttleAccount = throttleAccountOf(staffId);
  const attempt = await claimAccountAttempt(db, throttleAccount);
  if (!attempt.allowed) return { outcome: "slowed-down", retryAfterSeconds: attempt.retryAfterSeconds };

  const [account] = await db
    .select({ passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1);
  if (!(await verifyPassword(passwords.currentPassword, account?.passwordHash ?? null))) {
    await recordAccountFailure(db, throttleAccount, attempt.failuresBefore + 1);
    return { outcome: "wrong-current-password" };
  }
  await resetAccount(db, throttleAccount);

  const passwordHash = await hashPassword(passwords.newPassword);
  const otherSessionsEnded = await db.transaction(async (tx) => {
    await tx.update(staffAccounts).set({ passwordHash, updatedAt: new Date() }).where(eq(staffAccounts.id, staffId));
    return endStaffSessionsOf(tx, request, staffId, null);
  });
  return { outcome: "changed", otherSessionsEnded };
}
