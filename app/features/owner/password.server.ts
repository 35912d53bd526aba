import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSecrets } from "~/db/schema";
import { endOwnerSessions } from "~/lib/session.server";
import { forgetLoginHistory } from "./login-throttle.server";

export const OWNER_PASSWORD_HASH_KEY = "owner_password_hash";

/** scrypt with N = 2^15 (about 32 MiB, tens of milliseconds): OWASP's recommended minimum for password storage. */
const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function deriveKey(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url), so stored hashes keep working if the parameters are raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(password, salt, SCRYPT_PARAMS);
  const { N, r, p } = SCRYPT_PARAMS;
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

type ParsedHash = { params: { N: number; r: number; p: number }; salt: Buffer; key: Buffer };

function parseHash(stored: string | null): ParsedHash | null {
  const parts = stored?.split("$");
  if (parts?.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0)) return null;
  const key = Buffer.from(parts[5], "base64url");
  if (key.length !== KEY_LENGTH) return null;
  return { params: { N, r, p }, salt: Buffer.from(parts[4], "base64url"), key };
}

/**
 * Compares a password with a stored hash in constant time. Without a usable hash it still derives a key from a
 * throwaway salt, so that the answer takes as long as for a real comparison.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parseHash(stored);
  const target = parsed ?? { params: SCRYPT_PARAMS, salt: randomBytes(SALT_LENGTH), key: randomBytes(KEY_LENGTH) };
  const key = await deriveKey(password, target.salt, target.params);
  return timingSafeEqual(key, target.key) && parsed !== null;
}

/** 24 characters of base64url: 144 random bits. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

export async function readOwnerPasswordHash(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.key, OWNER_PASSWORD_HASH_KEY))
    .limit(1);
  return row?.value ?? null;
}

/**
 * Replaces the owner's password (the admin:password script, a changed ADMIN_PASSWORD) and ends every session that
 * carries the owner role, so that whoever held the old password or a copy of an owner's cookie is out. Browsers the
 * owner logged in with are forgotten and failed logins counted so far start again.
 */
export async function setOwnerPassword(db: Database, password: string): Promise<void> {
  const value = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .insert(appSecrets)
      .values({ key: OWNER_PASSWORD_HASH_KEY, value })
      .onConflictDoUpdate({ target: appSecrets.key, set: { value, updatedAt: new Date() } });
    await endOwnerSessions(tx);
    await forgetLoginHistory(tx);
  });
}

export type OwnerPasswordOutcome = "unchanged" | "set-from-setting" | "generated" | "kept-stored";

/**
 * Start-up: ADMIN_PASSWORD, when set, becomes the owner's password (its hash is stored if it differs from the stored
 * one). Without it, a stored hash is kept; with neither, a password is generated, stored and printed once. Several
 * instances starting together insert at most one generated hash: only the one whose insert lands prints its password.
 */
export async function ensureOwnerPassword(
  db: Database,
  adminPassword: string | undefined,
  log: (message: string) => void = console.log,
): Promise<OwnerPasswordOutcome> {
  const stored = await readOwnerPasswordHash(db);
  if (adminPassword) {
    if (stored && (await verifyPassword(adminPassword, stored))) return "unchanged";
    await setOwnerPassword(db, adminPassword);
    log("[admin] The owner's password was set from ADMIN_PASSWORD.");
    return "set-from-setting";
  }
  if (stored) return "kept-stored";

  const password = generatePassword();
  const inserted = await db
    .insert(appSecrets)
    .values({ key: OWNER_PASSWORD_HASH_KEY, value: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ key: appSecrets.key });
  if (inserted.length === 0) return "kept-stored";
  log(
    [
      "[admin] No ADMIN_PASSWORD is set, so a password for the admin area was generated.",
      `[admin] Owner password: ${password}`,
      "[admin] It is shown only this once. Change it with `npm run admin:password` or by setting ADMIN_PASSWORD.",
    ].join("\n"),
  );
  return "generated";
}
