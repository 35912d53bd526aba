import { createCookie } from "react-router";
import type { Database } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import { clearRateLimit, consumeRateLimit, type RateLimitRule, refundRateLimit } from "~/lib/rate-limit.server";
import { endSession, readSession, startSession } from "~/lib/session.server";
import {
  claimAccountAttempt,
  claimKnownBrowserAttempt,
  KNOWN_BROWSER_DAYS,
  OWNER_ACCOUNT,
  recordAccountFailure,
  rememberBrowser,
  resetAccount,
} from "./login-throttle.server";
import { readOwnerPasswordHash, verifyPassword } from "./password.server";
import { recordOwnerSignIn } from "./sign-ins.server";

/**
 * At most 10 failed logins per 15 minutes from one address, counted across every server instance. An attempt counts
 * until it succeeds; a success forgets the address's count, so the owner is never refused for logging in often.
 */
const OWNER_LOGIN_RATE_LIMIT: RateLimitRule = { name: "owner-login", limit: 10, windowMs: 15 * 60 * 1000 };

/** The owner role lasts a working day; a stolen owner cookie is worth less than a member's 30-day one. */
export const OWNER_SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/**
 * Marks a browser the owner has logged in with. Sent only to the login call, so no page and no cache ever sees it.
 * Its value is a random token; the database keeps its hash.
 */
const knownBrowserCookie = (env: Env) =>
  createCookie("owner_browser", {
    path: "/api/admin/login",
    httpOnly: true,
    sameSite: "strict",
    secure: env.NODE_ENV === "production",
    maxAge: KNOWN_BROWSER_DAYS * 24 * 60 * 60,
  });

async function readKnownBrowserToken(env: Env, request: Request): Promise<string | null> {
  const value: unknown = await knownBrowserCookie(env).parse(request.headers.get("cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

export type OwnerLoginResult =
  | { outcome: "signed-in"; setCookies: string[] }
  | { outcome: "invalid" }
  /** This address failed too often. */
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  /** The account is waiting after failures from anywhere, and this browser has not logged in before. */
  | { outcome: "slowed-down"; retryAfterSeconds: number };

/**
 * Checks the password, after the address's limit and, for a browser the owner has not logged in with, the account's
 * slowdown; records the attempt; and, if the password is right, adds the owner role to a fresh session.
 */
export async function logInOwner(
  db: Database,
  env: Env,
  request: Request,
  clientIp: string,
  password: string,
): Promise<OwnerLoginResult> {
  const byAddress = await consumeRateLimit(db, OWNER_LOGIN_RATE_LIMIT, clientIp);
  if (!byAddress.allowed) return { outcome: "rate-limited", retryAfterSeconds: byAddress.retryAfterSeconds };

  const browserToken = await readKnownBrowserToken(env, request);
  const knownBrowser = browserToken !== null && (await claimKnownBrowserAttempt(db, browserToken));
  let failuresBefore = 0;
  if (!knownBrowser) {
    const byAccount = await claimAccountAttempt(db, OWNER_ACCOUNT);
    if (!byAccount.allowed) {
      // Refused untried: the address's limit is for passwords tried, and a waiting owner must not use it up.
      await refundRateLimit(db, OWNER_LOGIN_RATE_LIMIT, clientIp);
      return { outcome: "slowed-down", retryAfterSeconds: byAccount.retryAfterSeconds };
    }
    failuresBefore = byAccount.failuresBefore;
  }

  const valid = await verifyPassword(password, await readOwnerPasswordHash(db));
  if (!valid && !knownBrowser) await recordAccountFailure(db, OWNER_ACCOUNT, failuresBefore + 1);
  await recordOwnerSignIn(db, { address: clientIp, userAgent: request.headers.get("user-agent"), succeeded: valid });
  if (!valid) return { outcome: "invalid" };

  await clearRateLimit(db, OWNER_LOGIN_RATE_LIMIT, clientIp);
  await resetAccount(db, OWNER_ACCOUNT);
  const newBrowserToken = await rememberBrowser(db, browserToken);
  const now = Date.now();
  const current = await readSession(db, request);
  // The member part of the session keeps its own end; the owner role gets its twelve hours.
  const memberLeftMs = current?.data.userId ? current.expiresAt.getTime() - now : 0;
  const sessionCookie = await startSession(
    db,
    env,
    request,
    { ...(current?.data.userId && { userId: current.data.userId }), ownerExpiresAt: now + OWNER_SESSION_MAX_AGE_MS },
    Math.max(OWNER_SESSION_MAX_AGE_MS, memberLeftMs),
  );
  return {
    outcome: "signed-in",
    setCookies: [sessionCookie, await knownBrowserCookie(env).serialize(newBrowserToken)],
  };
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
