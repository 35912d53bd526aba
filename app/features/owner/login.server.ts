import { eq } from "drizzle-orm";
import { createCookie } from "react-router";
import type { Database } from "~/db/client.server";
import { staffAccounts } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { verifyPassword } from "~/lib/password-hash.server";
import { clearRateLimit, consumeRateLimit, type RateLimitRule, refundRateLimit } from "~/lib/rate-limit.server";
import {
  endSession,
  readSession,
  STAFF_SESSION_MAX_AGE_MS,
  startSession,
  startStaffSession,
} from "~/lib/session.server";
import type { StaffRole } from "~/lib/staff-roles";
import { checkSecondFactor } from "~/lib/two-factor.server";
import {
  claimAccountAttempt,
  claimKnownBrowserAttempt,
  KNOWN_BROWSER_DAYS,
  recordAccountFailure,
  rememberBrowser,
  resetAccount,
  throttleAccountOf,
} from "./login-throttle.server";
import { findFirstOwner } from "./password.server";
import { recordOwnerSignIn } from "./sign-ins.server";

/**
 * At most 10 failed logins per 15 minutes from one address, counted across every server instance. An attempt counts
 * until it succeeds; a success forgets the address's count, so the owner is never refused for logging in often.
 */
const OWNER_LOGIN_RATE_LIMIT: RateLimitRule = { name: "owner-login", limit: 10, windowMs: 15 * 60 * 1000 };

/** The staff part of a session lasts a working day; a stolen staff cookie is worth less than a member's 30-day one. */
export const OWNER_SESSION_MAX_AGE_MS = STAFF_SESSION_MAX_AGE_MS;

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
  | { outcome: "signed-in"; setCookies: string[]; staff: { id: number; email: string; role: StaffRole } }
  | { outcome: "invalid" }
  /** The password is right and the account has two-factor on: the same login again with a code. */
  | { outcome: "second-factor-required" }
  /** This address failed too often. */
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  /** The account is waiting after failures from anywhere, and this browser has not logged in before. */
  | { outcome: "slowed-down"; retryAfterSeconds: number };

async function hasSecondFactor(db: Database, staffId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: staffAccounts.totpEnabledAt })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1);
  return Boolean(row?.on);
}

type LoginAccount = { id: number; email: string; role: string; passwordHash: string | null; status: string };

/** The account a login names: the one with `email`, or without one the owner account (the spec's `{ password }`). */
/** The account a successful login signed in, as the activity log names it. */
export async function signedInAccount(db: Database, email: string | undefined) {
  const account = await findLoginAccount(db, email);
  return account && { id: account.id, email: account.email };
}

async function findLoginAccount(db: Database, email: string | undefined): Promise<LoginAccount | null> {
  if (email === undefined) {
    const owner = await findFirstOwner(db);
    return owner && { ...owner, role: "owner" };
  }
  const [row] = await db
    .select({
      id: staffAccounts.id,
      email: staffAccounts.email,
      role: staffAccounts.role,
      passwordHash: staffAccounts.passwordHash,
      status: staffAccounts.status,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email))
    .limit(1);
  return row ?? null;
}

/**
 * Checks the password of the account the login names (by email, or the owner account without one), after the
 * address's limit and, for a browser that has not logged in before, the account's slowdown; records the attempt; and,
 * if the password is right and the account active, adds the account to a fresh session. An unknown address, a
 * suspended account and one still invited answer as a wrong password, after as long a check. The one place staff sign
 * in: the activity log records its "signed-in" outcomes.
 */
export async function logInStaff(
  db: Database,
  env: Env,
  request: Request,
  clientIp: string,
  credentials: { email?: string; password: string; code?: string },
): Promise<OwnerLoginResult> {
  const byAddress = await consumeRateLimit(db, OWNER_LOGIN_RATE_LIMIT, clientIp);
  if (!byAddress.allowed) return { outcome: "rate-limited", retryAfterSeconds: byAddress.retryAfterSeconds };

  const account = await findLoginAccount(db, credentials.email);
  const throttleAccount = account ? throttleAccountOf(account.id) : null;
  const browserToken = await readKnownBrowserToken(env, request);
  const knownBrowser = browserToken !== null && (await claimKnownBrowserAttempt(db, browserToken));
  let failuresBefore = 0;
  if (!knownBrowser && throttleAccount) {
    const byAccount = await claimAccountAttempt(db, throttleAccount);
    if (!byAccount.allowed) {
      // Refused untried: the address's limit is for passwords tried, and a waiting owner must not use it up.
      await refundRateLimit(db, OWNER_LOGIN_RATE_LIMIT, clientIp);
      return { outcome: "slowed-down", retryAfterSeconds: byAccount.retryAfterSeconds };
    }
    failuresBefore = byAccount.failuresBefore;
  }

  const passwordRight = await verifyPassword(credentials.password, account?.passwordHash ?? null);
  let valid = passwordRight && account?.status === "active";
  if (valid && account && (await hasSecondFactor(db, account.id))) {
    if (credentials.code === undefined) {
      // Not a failure: the person is asked for their code. The address's count waits for the attempt with it.
      await refundRateLimit(db, OWNER_LOGIN_RATE_LIMIT, clientIp);
      return { outcome: "second-factor-required" };
    }
    valid = await checkSecondFactor(db, account.id, credentials.code);
  }
  if (!valid && !knownBrowser && throttleAccount) await recordAccountFailure(db, throttleAccount, failuresBefore + 1);
  await recordOwnerSignIn(db, {
    address: clientIp,
    userAgent: request.headers.get("user-agent"),
    succeeded: valid,
    accountEmail: account?.email ?? null,
  });
  if (!valid || !account || !throttleAccount) return { outcome: "invalid" };

  await clearRateLimit(db, OWNER_LOGIN_RATE_LIMIT, clientIp);
  await resetAccount(db, throttleAccount);
  const newBrowserToken = await rememberBrowser(db, browserToken);
  const sessionCookie = await startStaffSession(db, env, request, account.id, clientIp);
  return {
    outcome: "signed-in",
    setCookies: [sessionCookie, await knownBrowserCookie(env).serialize(newBrowserToken)],
    staff: { id: account.id, email: account.email, role: account.role as StaffRole },
  };
}

/**
 * Drops the staff account from the session. A member who was signed in on the same session stays signed in (on a new token); otherwise
 * the session ends. Returns the Set-Cookie header value.
 */
export async function logOutOwner(db: Database, env: Env, request: Request): Promise<string> {
  const current = await readSession(db, request);
  if (current?.data.userId) return startSession(db, env, request, { userId: current.data.userId });
  return endSession(db, env, request);
}
