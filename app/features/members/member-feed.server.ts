import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { appSecrets, memberFeedFetches, memberFeeds, users } from "~/db/schema";
import type { MembershipTier } from "./schema";

/** Distinct addresses in one day from which a feed counts as shared: a household's devices and a commute stay below. */
export const SHARED_FEED_ADDRESSES_PER_DAY = 10;
/** How long the per-day address counts are kept, and how far back the owner's flag looks. */
export const SHARED_FEED_WINDOW_DAYS = 30;

const FEED_KEY_NAME = "member_feed_key";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const feedKeys = new WeakMap<Database, Promise<string>>();

/** The site's secret for feed tokens and address hashes, made once and shared by every instance through the database. */
function feedKey(db: Database): Promise<string> {
  let key = feedKeys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appSecrets)
        .values({ key: FEED_KEY_NAME, value: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: appSecrets.value })
        .from(appSecrets)
        .where(eq(appSecrets.key, FEED_KEY_NAME));
      return row.value;
    })();
    key.catch(() => feedKeys.delete(db));
    feedKeys.set(db, key);
  }
  return key;
}

const tokenFromNonce = (key: string, nonce: string) =>
  createHmac("sha256", key).update(`feed:${nonce}`).digest("base64url");
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

async function storeNewToken(db: Database, userId: string, replace: boolean): Promise<string> {
  const key = await feedKey(db);
  const nonce = randomBytes(16).toString("base64url");
  const token = tokenFromNonce(key, nonce);
  const row = { userId, tokenNonce: nonce, tokenHash: tokenHash(token), createdAt: new Date() };
  const query = db.insert(memberFeeds).values(row);
  await (replace ? query.onConflictDoUpdate({ target: memberFeeds.userId, set: row }) : query.onConflictDoNothing());
  return token;
}

/** The member's private feed token, made on first use; the profile shows its address. */
export async function memberFeedToken(db: Database, userId: string): Promise<string> {
  const [existing] = await db
    .select({ nonce: memberFeeds.tokenNonce })
    .from(memberFeeds)
    .where(eq(memberFeeds.userId, userId));
  if (existing) return tokenFromNonce(await feedKey(db), existing.nonce);
  await storeNewToken(db, userId, false);
  // Two first requests at once keep whichever token was stored first.
  return memberFeedToken(db, userId);
}

/** A new private feed address; the old one answers 404 from now on. */
export function regenerateMemberFeed(db: Database, userId: string): Promise<string> {
  return storeNewToken(db, userId, true);
}

/** The member a feed token belongs to, with the tier as it is now (a downgrade counts at once); null for any other. */
export async function findFeedMember(
  db: Database,
  token: string,
): Promise<{ userId: string; membershipTier: MembershipTier } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ userId: users.id, membershipTier: users.membershipTier })
    .from(memberFeeds)
    .innerJoin(users, eq(users.id, memberFeeds.userId))
    .where(eq(memberFeeds.tokenHash, tokenHash(token)));
  return row ? { userId: row.userId, membershipTier: row.membershipTier as MembershipTier } : null;
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Counts the address a feed was fetched from, once per UTC day, as a keyed hash that cannot be turned back into the
 * address; counts older than the window are dropped on the way.
 */
export async function recordFeedFetch(db: Database, userId: string, clientAddress: string, now = new Date()) {
  const key = await feedKey(db);
  const day = utcDay(now);
  const addressHash = createHmac("sha256", key).update(`address:${day}:${clientAddress}`).digest("hex");
  await db.insert(memberFeedFetches).values({ userId, day, addressHash }).onConflictDoNothing();
  const oldest = utcDay(new Date(now.getTime() - SHARED_FEED_WINDOW_DAYS * 24 * 60 * 60 * 1000));
  await db
    .delete(memberFeedFetches)
    .where(and(eq(memberFeedFetches.userId, userId), lt(memberFeedFetches.day, oldest)));
}

/** The token in a private feed's path segment (`{token}.xml`, or the token alone), or null for anything else. */
export function privateFeedToken(segment: string | undefined, suffix = ""): string | null {
  if (!segment?.endsWith(suffix)) return null;
  const token = segment.slice(0, segment.length - suffix.length);
  return TOKEN_PATTERN.test(token) ? token : null;
}

export const FEED_MEMBERSHIP_REQUIRED_MESSAGE = "A Basic or Premium membership is required for this feed";

/** A feed or enclosure refused: a podcast app shows the text, and nothing may cache it. */
export function feedRefusal(
  status: 403 | 404,
  message = status === 404 ? "Not found" : FEED_MEMBERSHIP_REQUIRED_MESSAGE,
) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
