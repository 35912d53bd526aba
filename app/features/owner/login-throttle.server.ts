import { createHash, randomBytes } from "node:crypto";
import { and, eq, gte, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { loginThrottles, ownerLoginBrowsers } from "~/db/schema";

/** A staff account's name in login_throttles: each account's failures are counted apart. */
export const throttleAccountOf = (staffId: number) => `staff:${staffId}`;

/** Failures in a row that cost nothing: a few typos must never make the owner wait. */
const FREE_FAILURES = 4;
/** The longest wait between two attempts, however many failed. */
const MAX_DELAY_SECONDS = 60;
/**
 * While a password is being checked past the free failures, no other attempt of the account may start: attempts sent
 * together would otherwise all pass the same wait. Should the process die during the check, the account is free again
 * after this long.
 */
const CHECK_IN_FLIGHT_MS = 10_000;

/** The wait after `failures` failures in a row: none for the first few, then 2, 4, 8… seconds up to the cap. */
function delayAfterFailures(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

export type AccountAttempt = { allowed: true; failuresBefore: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts an attempt against the account before its password is checked (a failure until it succeeds), unless the
 * account is waiting after earlier failures. One statement, so that concurrent attempts on any instance each get
 * their own place in the count and only one at a time gets past the free failures.
 */
export async function claimAccountAttempt(db: Database, account: string, now = new Date()): Promise<AccountAttempt> {
  const inFlightUntil = new Date(now.getTime() + CHECK_IN_FLIGHT_MS);
  const [claimed] = await db
    .insert(loginThrottles)
    .values({ account, consecutiveFailures: 1, blockedUntil: now })
    .onConflictDoUpdate({
      target: loginThrottles.account,
      set: {
        consecutiveFailures: sql`${loginThrottles.consecutiveFailures} + 1`,
        blockedUntil: sql`case when ${loginThrottles.consecutiveFailures} >= ${FREE_FAILURES} then ${inFlightUntil.toISOString()}::timestamptz else ${loginThrottles.blockedUntil} end`,
      },
      setWhere: lte(loginThrottles.blockedUntil, now),
    })
    .returning({ failures: loginThrottles.consecutiveFailures });
  if (claimed) return { allowed: true, failuresBefore: claimed.failures - 1 };
  const [row] = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.account, account));
  const waitMs = (row?.blockedUntil.getTime() ?? now.getTime()) - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * The claimed attempt failed: the account waits as long as its count of failures says. Nothing changes if a success
 * reset the count meanwhile.
 */
export async function recordAccountFailure(db: Database, account: string, failures: number, now = new Date()) {
  await db
    .update(loginThrottles)
    .set({ blockedUntil: new Date(now.getTime() + delayAfterFailures(failures) * 1000) })
    .where(and(eq(loginThrottles.account, account), gte(loginThrottles.consecutiveFailures, failures)));
}

/** A success: the account's failures are forgotten and its next attempt need not wait. */
export async function resetAccount(db: Database, account: string, now = new Date()) {
  await db
    .update(loginThrottles)
    .set({ consecutiveFailures: 0, blockedUntil: now })
    .where(eq(loginThrottles.account, account));
}

/** A browser that logged in before is forgotten after this many failures in a row of its own. */
const KNOWN_BROWSER_FAILURES = 5;
/** How long a browser stays known without logging in again. */
export const KNOWN_BROWSER_DAYS = 180;

const hashBrowserToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * An attempt from a browser the owner logged in with: counted against that browser before the password is checked.
 * False when the token is unknown, too old, or has used up its failures; the attempt is then a stranger's.
 */
export async function claimKnownBrowserAttempt(db: Database, token: string, now = new Date()): Promise<boolean> {
  const knownSince = new Date(now.getTime() - KNOWN_BROWSER_DAYS * 24 * 60 * 60 * 1000);
  const claimed = await db
    .update(ownerLoginBrowsers)
    .set({ failures: sql`${ownerLoginBrowsers.failures} + 1` })
    .where(
      and(
        eq(ownerLoginBrowsers.tokenHash, hashBrowserToken(token)),
        lt(ownerLoginBrowsers.failures, KNOWN_BROWSER_FAILURES),
        gte(ownerLoginBrowsers.lastSignInAt, knownSince),
      ),
    )
    .returning({ tokenHash: ownerLoginBrowsers.tokenHash });
  return claimed.length > 0;
}

/**
 * Remembers the browser that just logged in under a new token (the one it sent, if any, is dropped), and forgets
 * browsers that have used up their failures or not logged in for KNOWN_BROWSER_DAYS. Returns the new token.
 */
export async function rememberBrowser(db: Database, previousToken: string | null, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const knownSince = new Date(now.getTime() - KNOWN_BROWSER_DAYS * 24 * 60 * 60 * 1000);
  await db
    .delete(ownerLoginBrowsers)
    .where(
      or(
        previousToken ? eq(ownerLoginBrowsers.tokenHash, hashBrowserToken(previousToken)) : undefined,
        gte(ownerLoginBrowsers.failures, KNOWN_BROWSER_FAILURES),
        lt(ownerLoginBrowsers.lastSignInAt, knownSince),
      ),
    );
  await db.insert(ownerLoginBrowsers).values({ tokenHash: hashBrowserToken(token), lastSignInAt: now });
  return token;
}

/** After a password change nothing of before is trusted: every browser is a stranger and the count starts again. */
export async function forgetLoginHistory(db: Database) {
  await db.delete(ownerLoginBrowsers);
  await db.delete(loginThrottles);
}
