import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { insightPosts, podcastEpisodes } from "~/db/schema";

/**
 * A digest of every row that the public pages show (insights, podcast episodes): it changes with any insert, update
 * or delete, whichever process or tool made it, so cached pages can be dropped when it changes.
 */
export async function publicContentVersion(db: Database): Promise<string> {
  const [insights, episodes] = await Promise.all([
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
  ]);
  return `${insights[0]?.digest}:${episodes[0]?.digest}`;
}
