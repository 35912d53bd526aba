import type { Database } from "~/db/client.server";
import { sampleContentSeries, sampleInsightPosts, samplePodcastEpisodes } from "~/db/sample-content";
import * as schema from "~/db/schema";
import { sanitizedForStorage } from "~/features/insights/insights.server";

const SAMPLE_CONTENT_SEED = "sample-content-v1";

/**
 * Inserts the sample content once. The seed_runs marker (not the emptiness of each table) decides, so content
 * the owner deletes later never comes back on a restart. The marker is written in the same transaction as the
 * content, so of two instances starting at once the second waits on the first's marker and then inserts nothing.
 */
export async function seedSampleContent(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(schema.seedRuns)
      .values({ name: SAMPLE_CONTENT_SEED })
      .onConflictDoNothing()
      .returning({ name: schema.seedRuns.name });
    if (marked.length === 0) return false;

    await tx.insert(schema.insightPosts).values(sampleInsightPosts.map(sanitizedForStorage));
    await tx.insert(schema.podcastEpisodes).values(samplePodcastEpisodes);
    const { episodes, ...series } = sampleContentSeries;
    const [created] = await tx.insert(schema.contentSeries).values(series).returning({ id: schema.contentSeries.id });
    await tx.insert(schema.contentEpisodes).values(episodes.map((episode) => ({ ...episode, seriesId: created.id })));
    return true;
  });
}
