import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";

export type RateLimitRule = { name: string; limit: number; windowMs: number };

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type PublicForm = "contact" | "guest-application" | "subscribe";

const PUBLIC_FORM_WINDOW_MS = 15 * 60 * 1000;

/** Submissions of one public form from one address: `limit` (the FORM_RATE_LIMIT setting) per 15 minutes. */
export const publicFormRule = (form: PublicForm, limit: number): RateLimitRule => ({
  name: `form:${form}`,
  limit,
  windowMs: PUBLIC_FORM_WINDOW_MS,
});

const SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Counts one attempt against `rule` for `subject` (an IP, an email address) in a fixed window. The counter lives in
 * the database, so every server instance shares it; the upsert makes concurrent attempts count exactly once each.
 */
function currentWindowStart(rule: RateLimitRule, now: number) {
  return new Date(now - (now % rule.windowMs));
}

export async function consumeRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const now = Date.now();
  const windowStart = currentWindowStart(rule, now);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: `${rule.name}:${subject}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  if (row.count === 1) {
    // A new window started somewhere: a cheap moment to drop long-expired counters.
    await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now - SWEEP_AFTER_MS)));
  }
  if (row.count <= rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000) };
}

/** Takes back one attempt of the current window: one that was counted, then refused for another reason untried. */
export async function refundRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ count: sql`${rateLimitHits.count} - 1` })
    .where(
      and(
        eq(rateLimitHits.key, `${rule.name}:${subject}`),
        eq(rateLimitHits.windowStart, currentWindowStart(rule, Date.now())),
        gt(rateLimitHits.count, 0),
      ),
    );
}

/** Forgets every attempt counted for `subject`, as when a success shows they were the rightful person's. */
export async function clearRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, `${rule.name}:${subject}`));
}
