import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  sampleContentSeries,
  sampleEpisodeFiles,
  sampleEpisodeGuests,
  sampleInsightPosts,
  samplePodcastEpisodes,
  samplePremiumEpisodes,
} from "~/db/sample-content";
import * as schema from "~/db/schema";
import { sanitizedForStorage } from "~/features/insights/insights.server";
import { sampleStoryRows } from "~/features/stories/stories.server";
import { ChaptersDocumentSchema } from "~/lib/media/checks/chapters";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { deleteStoredUpload, type MediaLimits, storeUpload } from "~/lib/media/store-upload.server";

const SAMPLE_CONTENT_SEED = "sample-content-v1";
const SAMPLE_STORIES_SEED = "sample-stories-v1";
const SAMPLE_PREMIUM_EPISODES_SEED = "sample-premium-episodes-v1";

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

    // The sample posts are ordinary posts: their HTML is their Markdown source (Markdown keeps HTML), so the owner
    // edits them in the editor like any other.
    await tx
      .insert(schema.insightPosts)
      .values(sampleInsightPosts.map((post) => sanitizedForStorage({ ...post, bodyMarkdown: post.content })));
    const episodes = await tx
      .insert(schema.podcastEpisodes)
      .values(samplePodcastEpisodes)
      .returning({ id: schema.podcastEpisodes.id, guid: schema.podcastEpisodes.guid });
    const guests = episodes.flatMap(({ id, guid }) =>
      (sampleEpisodeGuests[guid] ?? []).map((name, position) => ({ episodeId: id, position, name })),
    );
    if (guests.length > 0) await tx.insert(schema.episodeGuests).values(guests);
    const { episodes: plannedEpisodes, ...series } = sampleContentSeries;
    const [created] = await tx.insert(schema.contentSeries).values(series).returning({ id: schema.contentSeries.id });
    await tx
      .insert(schema.contentEpisodes)
      .values(plannedEpisodes.map((episode) => ({ ...episode, seriesId: created.id })));
    return true;
  });
}

/**
 * Inserts the host's sample stories once, under a marker of their own: a database seeded before stories were rows
 * gets them too, and stories the owner deletes never come back (the same rule as seedSampleContent's).
 */
export async function seedSampleStories(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(schema.seedRuns)
      .values({ name: SAMPLE_STORIES_SEED })
      .onConflictDoNothing()
      .returning({ name: schema.seedRuns.name });
    if (marked.length === 0) return false;
    await tx.insert(schema.hostStories).values(sampleStoryRows());
    return true;
  });
}

/**
 * Inserts the two later premium sample episodes once, under a marker of their own (the same rule as
 * seedSampleContent's): with the first sample content's premium episode they are the members' Premium Content.
 */
export async function seedSamplePremiumEpisodes(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(schema.seedRuns)
      .values({ name: SAMPLE_PREMIUM_EPISODES_SEED })
      .onConflictDoNothing()
      .returning({ name: schema.seedRuns.name });
    if (marked.length === 0) return false;
    await tx.insert(schema.podcastEpisodes).values(samplePremiumEpisodes).onConflictDoNothing();
    return true;
  });
}

/**
 * Stores the sample episodes' audio, transcript and chapters through the media module, for each sample episode that
 * still exists and has no stored audio yet (a new database, or one made before the owner could upload). Each row is
 * claimed by a conditional update, so of two instances starting at once only one keeps its files; the other removes
 * what it stored. Safe to run on every start: once done, it costs one query.
 */
export async function storeSampleEpisodeMedia(db: Database, media: MediaStorage, limits: MediaLimits): Promise<number> {
  const pending = await db
    .select({ id: schema.podcastEpisodes.id, guid: schema.podcastEpisodes.guid })
    .from(schema.podcastEpisodes)
    .where(
      and(
        inArray(schema.podcastEpisodes.guid, Object.keys(sampleEpisodeFiles)),
        isNull(schema.podcastEpisodes.audioKey),
      ),
    );
  let stored = 0;
  for (const { id, guid } of pending) {
    const files = sampleEpisodeFiles[guid];
    const audio = await storeUpload(
      media,
      createReadStream(files.audio),
      { kind: "audio", prefix: "episodes/audio" },
      limits,
    );
    const transcript = files.transcript
      ? await storeUpload(
          media,
          createReadStream(files.transcript),
          { kind: "transcript", prefix: "episodes/transcripts" },
          limits,
        )
      : null;
    const chapters = files.chapters
      ? ChaptersDocumentSchema.parse(JSON.parse(await readFile(files.chapters, "utf8"))).chapters.map((chapter) => ({
          startSeconds: chapter.startTime,
          title: chapter.title ?? "",
          ...(chapter.url ? { url: chapter.url } : {}),
        }))
      : [];
    const claimed = await db
      .update(schema.podcastEpisodes)
      .set({
        audioKey: audio.key,
        audioLengthBytes: audio.size,
        audioMimeType: audio.contentType,
        // A duration the sample gives stands: the premium samples' files are short stand-ins for long episodes.
        durationSeconds: sql`coalesce(${schema.podcastEpisodes.durationSeconds}, ${Math.round(audio.details.durationSeconds)})`,
        transcriptKey: transcript?.key ?? null,
        transcriptMimeType: transcript ? transcript.contentType.split(";")[0] : null,
        chapters,
        // Stored just now: a premium sample's files were never anyone's.
        premiumMediaKeys: schema.podcastEpisodes.premium,
      })
      .where(and(eq(schema.podcastEpisodes.id, id), isNull(schema.podcastEpisodes.audioKey)))
      .returning({ id: schema.podcastEpisodes.id });
    if (claimed.length === 0) {
      await deleteStoredUpload(media, audio);
      if (transcript) await deleteStoredUpload(media, transcript);
    } else {
      stored += 1;
    }
  }
  return stored;
}
