import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staffAccounts } from "~/db/schema";
import {
  checkSecondFactor,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  matchTotp,
  totpUri,
} from "~/lib/two-factor.server";

export type TwoFactorSetup = { secret: string; uri: string };

/**
 * Starts setting up an authenticator for a person who has none in force: a new secret, stored but not yet required
 * until a code from it confirms it. Null when two-factor is already on (turn it off first).
 */
export async function beginTwoFactor(db: Database, staffId: number, issuer: string): Promise<TwoFactorSetup | null> {
  const secret = generateTotpSecret();
  const [row] = await db
    .update(staffAccounts)
    .set({ totpSecret: secret, totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(staffAccounts.id, staffId), isNull(staffAccounts.totpEnabledAt)))
    .returning({ email: staffAccounts.email });
  return row ? { secret, uri: totpUri(secret, row.email, issuer) } : null;
}

/**
 * Puts two-factor in force once the person proves their app has the secret (a current code); returns the ten recovery
 * codes, shown once (only their hashes are kept). Null for a wrong code or no set-up begun.
 */
export async function confirmTwoFactor(db: Database, staffId: number, code: string, now = Date.now()) {
  const [row] = await db
    .select({ secret: staffAccounts.totpSecret })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.id, staffId), isNull(staffAccounts.totpEnabledAt)))
    .limit(1);
  if (!row?.secret) return null;
  const step = matchTotp(row.secret, code.replace(/\s/g, ""), now, null);
  if (step === null) return null;
  const recoveryCodes = generateRecoveryCodes();
  await db
    .update(staffAccounts)
    .set({
      totpEnabledAt: new Date(now),
      totpLastStep: step,
      recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
      updatedAt: new Date(now),
    })
    .where(eq(staffAccounts.id, staffId));
  return recoveryCodes;
}

/** Turns two-factor off after a current code or a recovery code; false otherwise. */
export async function disableTwoFactor(db: Database, staffId: number, code: string): Promise<boolean> {
  if (!(await checkSecondFactor(db, staffId, code))) return false;
  await db
    .update(staffAccounts)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodeHashes: [], updatedAt: new Date() })
    .where(eq(staffAccounts.id, staffId));
  return true;
}

/** Whether the person has two-factor in force, and how many recovery codes they have left. */
export async function twoFactorState(db: Database, staffId: number) {
  const [row] = await db
    .select({ enabledAt: staffAccounts.totpEnabledAt, codes: staffAccounts.recoveryCodeHashes })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1);
  return { enabled: Boolean(row?.enabledAt), recoveryCodesLeft: row?.enabledAt ? row.codes.length : 0 };
}
