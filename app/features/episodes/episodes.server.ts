import { and, desc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { podcastEpisodes } from "~/db/schema";
import { formatDuration, type PodcastEpisode } from "./schema";

/**
 * The active public episodes, trailer first (the podcast page shows the first one as its trailer card), then the
 * newest first. Inactive and premium episodes are never served.
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
    .where(and(eq(podcastEpisodes.active, true), eq(podcastEpisodes.premium, false)))
    .orderBy(
      sql`case when ${podcastEpisodes.episodeType} = 'trailer' then 0 else 1 end`,
      desc(podcastEpisodes.publishDate),
      desc(podcastEpisodes.id),
    );
  return rows.flatMap(({ publishDate, audioUrl, ...row }) =>
    publishDate && audioUrl
      ? [
          {
            ...row,
            audioUrl,
            episodeType: row.episodeType as PodcastEpisode["episodeType"],
            publishDate: publishDate.toISOString(),
            duration: row.durationSeconds === null ? null : formatDuration(row.durationSeconds),
          },
        ]
      : [],
  );
}

const isPublishedPublicEpisode = (now: Date) =>
  and(eq(podcastEpisodes.active, true), eq(podcastEpisodes.premium, false), lte(podcastEpisodes.publishDate, now));

export type FeedEpisode = {
  guid: string;
  title: string;
  description: string;
  audioUrl: string;
  audioLengthBytes: number | null;
  audioMimeType: string;
  publishDate: Date;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeType: PodcastEpisode["episodeType"];
  durationSeconds: number | null;
  imageUrl: string | null;
  guestName: string | null;
  transcriptUrl: string | null;
  transcriptMimeType: string | null;
  chaptersUrl: string | null;
  updatedAt: Date;
};

/** What the public podcast feed carries: active, non-premium episodes already published at `now`, newest first. */
export async function listFeedEpisodes(db: Database, now: Date): Promise<FeedEpisode[]> {
  const rows = await db
    .select({
      guid: podcastEpisodes.guid,
      title: podcastEpisodes.title,
      description: podcastEpisodes.description,
      audioUrl: podcastEpisodes.audioUrl,
      audioLengthBytes: podcastEpisodes.audioLengthBytes,
      audioMimeType: podcastEpisodes.audioMimeType,
      publishDate: podcastEpisodes.publishDate,
      seasonNumber: podcastEpisodes.seasonNumber,
      episodeNumber: podcastEpisodes.episodeNumber,
      episodeType: podcastEpisodes.episodeType,
      durationSeconds: podcastEpisodes.durationSeconds,
      imageUrl: podcastEpisodes.imageUrl,
      guestName: podcastEpisodes.guestName,
      transcriptUrl: podcastEpisodes.transcriptUrl,
      transcriptMimeType: podcastEpisodes.transcriptMimeType,
      chaptersUrl: podcastEpisodes.chaptersUrl,
      updatedAt: podcastEpisodes.updatedAt,
    })
    .from(podcastEpisodes)
    .where(isPublishedPublicEpisode(now))
    .orderBy(desc(podcastEpisodes.publishDate), desc(podcastEpisodes.id));
  return rows.flatMap(({ publishDate, audioUrl, ...row }) =>
    publishDate && audioUrl
      ? [{ ...row, publishDate, audioUrl, episodeType: row.episodeType as FeedEpisode["episodeType"] }]
      : [],
  );
}

/** When the public episode list last changed, or null when there is none. */
export async function latestPublicEpisodeChange(db: Database, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ latest: sql<string | null>`max(greatest(${podcastEpisodes.updatedAt}, ${podcastEpisodes.publishDate}))` })
    .from(podcastEpisodes)
    .where(isPublishedPublicEpisode(now));
  return row?.latest ? new Date(row.latest) : null;
}
