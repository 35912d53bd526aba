import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

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
