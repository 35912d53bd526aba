import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { podcastEpisodes } from "~/db/schema";
import { formatDuration, type PodcastEpisode } from "./schema";

/**
 * The active episodes, trailer first (the podcast page shows the first one as its trailer card), then the newest
 * first. Inactive episodes are never served.
 */
export async function listActiveEpisodes(db: Database): Promise<PodcastEpisode[]> {
  const rows = await db
    .select({
      id: podcastEpisodes.id,
      guid: podcastEpisodes.guid,
      title: podcastEpisodes.title,
      description: podcastEpisodes.description,
      audioUrl: podcastEpisodes.audioUrl,
      publishDate: podcastEpisodes.publishDate,
      episodeNumber: podcastEpisodes.episodeNumber,
      episodeType: podcastEpisodes.episodeType,
      durationSeconds: podcastEpisodes.durationSeconds,
      imageUrl: podcastEpisodes.imageUrl,
      guestName: podcastEpisodes.guestName,
      spotifyUrl: podcastEpisodes.spotifyUrl,
      youtubeUrl: podcastEpisodes.youtubeUrl,
    })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.active, true))
    .orderBy(
      sql`case when ${podcastEpisodes.episodeType} = 'trailer' then 0 else 1 end`,
      desc(podcastEpisodes.publishDate),
      desc(podcastEpisodes.id),
    );
  return rows.map((row) => ({
    ...row,
    episodeType: row.episodeType as PodcastEpisode["episodeType"],
    publishDate: row.publishDate.toISOString(),
    duration: row.durationSeconds === null ? null : formatDuration(row.durationSeconds),
  }));
}
