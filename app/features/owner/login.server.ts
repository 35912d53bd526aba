import type { Database } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import { consumeRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { endSession, readSession, startSession } from "~/lib/session.server";
import { readOwnerPasswordHash, verifyPassword } from "./password.server";

/** At most 10 login attempts per 15 minutes from one address, counted across every server instance. */
export const OWNER_LOGIN_RATE_LIMIT: RateLimitRule = { name: "owner-login", limit: 10, windowMs: 15 * 60 * 1000 };

/** The owner role lasts a working day; a stolen owner cookie is worth less than a member's 30-day one. */
export const OWNER_SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export type OwnerLoginResult =
  | { outcome: "signed-in"; setCookie: string }
  | { outcome: "invalid" }
  | { outcome: "rate-limited"; retryAfterSeconds: number };

/** Checks the password (after the rate limit) and, if it is right, adds the owner role to a fresh session. */
export async function logInOwner(
  db: Database,
  env: Env,
  request: Request,
  clientIp: string,
  password: string,
): Promise<OwnerLoginResult> {
  const limit = await consumeRateLimit(db, OWNER_LOGIN_RATE_LIMIT, clientIp);
  if (!limit.allowed) return { outcome: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const valid = await verifyPassword(password, await readOwnerPasswordHash(db));
  if (!valid) return { outcome: "invalid" };
  const now = Date.now();
  const current = await readSession(db, request);
  // The member part of the session keeps its own end; the owner role gets its twelve hours.
  const memberLeftMs = current?.data.userId ? current.expiresAt.getTime() - now : 0;
  const setCookie = await startSession(
    db,
    env,
    request,
    { ...(current?.data.userId && { userId: current.data.userId }), ownerExpiresAt: now + OWNER_SESSION_MAX_AGE_MS },
    Math.max(OWNER_SESSION_MAX_AGE_MS, memberLeftMs),
  );
  return { outcome: "signed-in", setCookie };
}

/**
 * Drops the owner role. A member who was signed in on the same session stays signed in (on a new token); otherwise
 * the session ends. Returns the Set-Cookie header value.
 */
export async function logOutOwner(db: Database, env: Env, request: Request): Promise<string> {
  const current = await readSession(db, request);
  if (current?.data.userId) return startSession(db, env, request, { userId: current.data.userId });
  return endSession(db, env, request);
}
