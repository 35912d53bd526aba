import { count, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { episodeGuests, hostStories, insightPosts, podcastEpisodes, siteSettings } from "~/db/schema";

/**
 * A digest of every row that the public pages show (insights, podcast episodes and their guests, host stories, the
 * show's settings): it changes with any insert, update or delete, whichever process or tool made it, so cached pages
 * can be dropped when it changes. It also counts the episodes and the insights whose publish date has come by `now`,
 * so that a scheduled episode's or post's time coming, which writes nothing, changes it too.
 */
export async function publicContentVersion(db: Database, now: Date): Promise<string> {
  const [insights, episodes, guests, settings, dueEpisodes, dueInsights, stories] = await Promise.all([
    db
      .select({
        digest: sql<string>`md5(coalesce(string_agg(${insightPosts}::text, ',' order by ${insightPosts.id}), ''))`,
      })
      .from(insightPosts),
    db
      .select({
        digest: sql<string>`md5(coalesce(string_agg(${podcastEpisodes}::text, ',' order by ${podcastEpisodes.id}), ''))`,
      })
      .from(podcastEpisodes),
    db
      .select({
        digest: sql<string>`md5(coalesce(string_agg(${episodeGuests}::text, ',' order by ${episodeGuests.id}), ''))`,
      })
      .from(episodeGuests),
    db.select({ digest: sql<string>`md5(coalesce(string_agg(${siteSettings}::text, ','), ''))` }).from(siteSettings),
    db.select({ due: count() }).from(podcastEpisodes).where(lte(podcastEpisodes.publishDate, now)),
    db.select({ due: count() }).from(insightPosts).where(lte(insightPosts.publishedAt, now)),
    db
      .select({
        digest: sql<string>`md5(coalesce(string_agg(${hostStories}::text, ',' order by ${hostStories.id}), ''))`,
      })
      .from(hostStories),
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
