import { count, lte, sql } from "drizzle-orm";
import type { AnyPgColumn, AnyPgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { episodeGuests, hostStories, insightPosts, podcastEpisodes, siteSettings } from "~/db/schema";

/** Each row's id and the transaction that wrote its current version, in id order, as one md5. */
function rowVersionsDigest(table: AnyPgTable, id: AnyPgColumn) {
  return sql<string>`md5(coalesce(string_agg(${id}::text || ':' || ${table}.xmin::text, ',' order by ${id}), ''))`;
}

/**
 * A digest of every row that the public pages show (insights, podcast episodes and their guests, host stories, the
 * show's settings): it changes with any insert, update or delete, whichever process or tool made it, so cached pages
 * can be dropped when it changes. It reads each row's id and `xmin` (PostgreSQL's id of the transaction that wrote the
 * row's current version, new with every UPDATE) rather than the rows' text: the check runs every second, and hashing
 * the text of 3,000 posts of 2 KB each held PGlite, and with it every request, for tens of milliseconds. It also counts
 * the episodes and the insights whose publish date has come by `now`, so that a scheduled episode's or post's time
 * coming, which writes nothing, changes it too.
 */
export async function publicContentVersion(db: Database, now: Date): Promise<string> {
  const [insights, episodes, guests, settings, dueEpisodes, dueInsights, stories] = await Promise.all([
    db.select({ digest: rowVersionsDigest(insightPosts, insightPosts.id) }).from(insightPosts),
    db.select({ digest: rowVersionsDigest(podcastEpisodes, podcastEpisodes.id) }).from(podcastEpisodes),
    db.select({ digest: rowVersionsDigest(episodeGuests, episodeGuests.id) }).from(episodeGuests),
    db.select({ digest: rowVersionsDigest(siteSettings, siteSettings.id) }).from(siteSettings),
    db.select({ due: count() }).from(podcastEpisodes).where(lte(podcastEpisodes.publishDate, now)),
    db.select({ due: count() }).from(insightPosts).where(lte(insightPosts.publishedAt, now)),
    db.select({ digest: rowVersionsDigest(hostStories, hostStories.id) }).from(hostStories),
  ]);
  return [
    insights[0]?.digest,
    episodes[0]?.digest,
    guests[0]?.digest,
    settings[0]?.digest,
    dueEpisodes[0]?.due,
    dueInsights[0]?.due,
    stories[0]?.digest,
  ].join(":");
}
