import { createHash, randomBytes } from "node:crypto";

/** A random 256-bit secret, URL-safe: what a sign-in link or a browser carries. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Secrets are stored as their SHA-256 only, so that a leaked table opens nothing. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
