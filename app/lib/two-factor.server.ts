import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staffAccounts } from "~/db/schema";

/** RFC 6238 as authenticator apps use it: HMAC-SHA1, 30-second steps, six digits. */
const STEP_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after is accepted too: the phone's clock and the person's typing drift. */
const WINDOW_STEPS = 1;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The HOTP value (RFC 4226) of `counter`, as `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1] & 15;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / STEP_SECONDS);

/** 160 random bits, as RFC 4226 recommends for HMAC-SHA1. */
export const generateTotpSecret = () => base32Encode(randomBytes(20));

/** The address an authenticator app reads (typed in, or from a QR code of it). */
export function totpUri(secret: string, accountEmail: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${accountEmail}`);
  const query = new URLSearchParams({ secret, issuer, algorithm: "SHA1", digits: String(DIGITS), period: "30" });
  return `otpauth://totp/${label}?${query}`;
}

/** The step whose code `code` is (within the window, after `lastStep`), or null. */
export function matchTotp(secret: string, code: string, nowMs: number, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(nowMs);
  for (let step = now - WINDOW_STEPS; step <= now + WINDOW_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) return step;
  }
  return null;
}

export const hashRecoveryCode = (code: string) =>
  createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");

/** Ten single-use codes of 10 base32 characters (50 bits each), shown once as `xxxxx-xxxxx`. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const code = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * The second step of a staff sign-in: a current authenticator code (each good once: its step is recorded in the same
 * statement that checks it was not used) or an unused recovery code (removed as it is used). False for anything else.
 */
export async function checkSecondFactor(
  db: Database,
  staffId: number,
  code: string,
  now = Date.now(),
): Promise<boolean> {
  const [account] = await db
    .select({ secret: staffAccounts.totpSecret, lastStep: staffAccounts.totpLastStep })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.id, staffId), isNotNull(staffAccounts.totpEnabledAt)))
    .limit(1);
  if (!account?.secret) return false;
  const trimmed = code.replace(/\s/g, "");
  const step = matchTotp(account.secret, trimmed, now, account.lastStep);
  if (step !== null) {
    const used = await db
      .update(staffAccounts)
      .set({ totpLastStep: step })
      .where(and(eq(staffAccounts.id, staffId), sql`coalesce(${staffAccounts.totpLastStep}, -1) < ${step}`))
      .returning({ id: staffAccounts.id });
    return used.length > 0;
  }
  const hash = hashRecoveryCode(trimmed);
  const spent = await db
    .update(staffAccounts)
    .set({ recoveryCodeHashes: sql`${staffAccounts.recoveryCodeHashes} - ${hash}::text` })
    .where(and(eq(staffAccounts.id, staffId), sql`${staffAccounts.recoveryCodeHashes} ? ${hash}::text`))
    .returning({ id: staffAccounts.id });
  return spent.length > 0;
}
