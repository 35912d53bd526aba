import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { loginTokens } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import type { Mailer } from "~/lib/mailer.server";
import { consumeRateLimit, type RateLimitResult, type RateLimitRule } from "~/lib/rate-limit.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import { findOrCreateMemberByEmail } from "./members.server";
import { safeReturnTo } from "./return-to";
import { SIGN_IN_LINK_LIFETIME_MINUTES } from "./schema";
import { hashToken, newSecretToken, SECRET_TOKEN_PATTERN } from "./tokens.server";

const LINK_LIFETIME_MS = SIGN_IN_LINK_LIFETIME_MINUTES * 60 * 1000;
const KEEP_OLD_TOKENS_MS = 24 * 60 * 60 * 1000;

/** One inbox should not be flooded, and one client should not be able to flood many inboxes. */
export const SIGN_IN_LINK_LIMITS = {
  perAddress: { name: "sign-in-link:address", limit: 5, windowMs: 15 * 60 * 1000 },
  perIp: { name: "sign-in-link:ip", limit: 20, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

export async function consumeSignInLinkLimits(db: Database, email: string, clientIp: string): Promise<RateLimitResult> {
  const byIp = await consumeRateLimit(db, SIGN_IN_LINK_LIMITS.perIp, clientIp);
  if (!byIp.allowed) return byIp;
  return consumeRateLimit(db, SIGN_IN_LINK_LIMITS.perAddress, email);
}

function signInLinkUrl(env: Env, token: string) {
  return `${env.SITE_URL}/sign-in/verify?token=${token}`;
}

/**
 * Mails a single-use sign-in link to any address, known or not: the member record is made when the link is used, so
 * the answer never depends on whether someone has an account.
 */
export async function sendSignInLink(
  db: Database,
  env: Env,
  mailer: Mailer,
  request: { email: string; returnTo?: string },
): Promise<void> {
  const token = newSecretToken();
  const now = Date.now();
  await db.insert(loginTokens).values({
    tokenHash: hashToken(token),
    email: request.email,
    returnTo: safeReturnTo(request.returnTo, env.SITE_URL),
    expiresAt: new Date(now + LINK_LIFETIME_MS),
  });
  await db.delete(loginTokens).where(lt(loginTokens.expiresAt, new Date(now - KEEP_OLD_TOKENS_MS)));
  const { showName } = await getSiteSettings(db);
  await mailer.send({
    to: request.email,
    subject: `Your sign-in link for ${showName}`,
    text: [
      "Hello,",
      "",
      `Someone, hopefully you, asked to sign in to ${showName} with this email address. Open this link to sign in:`,
      "",
      signInLinkUrl(env, token),
      "",
      `The link works once and expires in ${SIGN_IN_LINK_LIFETIME_MINUTES} minutes. If you did not ask for it, you can ignore this email.`,
    ].join("\n"),
  });
}

const usable = (tokenHash: string, now: Date) =>
  and(eq(loginTokens.tokenHash, tokenHash), isNull(loginTokens.usedAt), gt(loginTokens.expiresAt, now));

/** Whether a link can still be used, without using it up (mail scanners open links too). */
export async function isSignInTokenUsable(db: Database, token: string): Promise<boolean> {
  if (!SECRET_TOKEN_PATTERN.test(token)) return false;
  const [row] = await db
    .select({ email: loginTokens.email })
    .from(loginTokens)
    .where(usable(hashToken(token), new Date()))
    .limit(1);
  return Boolean(row);
}

/**
 * Uses a link up: one statement marks it used only if it is unused and unexpired, so two clicks racing each other
 * cannot both sign in. Null when the link is unknown, used or expired.
 */
async function redeemSignInToken(
  db: Database,
  token: string,
): Promise<{ email: string; returnTo: string | null } | null> {
  if (!SECRET_TOKEN_PATTERN.test(token)) return null;
  const now = new Date();
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(usable(hashToken(token), now))
    .returning({ email: loginTokens.email, returnTo: loginTokens.returnTo });
  return row ?? null;
}

/**
 * Uses the link up and returns the member it signs in (made on first use, free tier) and where they asked to go next,
 * which signInAndRedirect checks again as every redirect target is.
 */
export async function completeEmailSignIn(
  db: Database,
  token: string,
): Promise<{ userId: string; returnTo: string | null } | null> {
  const redeemed = await redeemSignInToken(db, token);
  if (!redeemed) return null;
  return { userId: await findOrCreateMemberByEmail(db, redeemed.email), returnTo: redeemed.returnTo };
}
