import fs from "node:fs";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestMediaStorage } from "#tests/setup/media-storages";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import {
  sampleContentSeries,
  sampleEpisodeFiles,
  sampleInsightPosts,
  samplePodcastEpisodes,
  samplePremiumEpisodes,
} from "~/db/sample-content";
import { contentEpisodes, contentSeries, episodeGuests, hostStories, insightPosts, podcastEpisodes } from "~/db/schema";
import { confessionStories } from "~/features/stories/confession-stories";
import { mediaLimits } from "~/lib/media/store-upload.server";
import {
  seedSampleContent,
  seedSamplePremiumEpisodes,
  seedSampleStories,
  storeSampleEpisodeMedia,
} from "./seed-sample-content";

describe("seedSampleContent", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("fills an empty database once and never again", async () => {
    expect(await seedSampleContent(database.db)).toBe(true);
    expect(await seedSampleContent(database.db)).toBe(false);

    const { db } = database;
    expect(await db.$count(insightPosts)).toBe(sampleInsightPosts.length);
    expect(await db.$count(podcastEpisodes)).toBe(samplePodcastEpisodes.length);
    expect(await db.$count(contentSeries)).toBe(1);
    expect(await db.$count(contentEpisodes)).toBe(sampleContentSeries.episodes.length);
  });

  it("stores the sample posts' HTML sanitised", async () => {
    const rows = await database.db.select({ id: insightPosts.id, content: insightPosts.content }).from(insightPosts);
    expect(rows).toHaveLength(sampleInsightPosts.length);
    for (const row of rows) expect(row.content).not.toMatch(/<script|on\w+=|javascript:/i);
    const aiAgents = rows.find((row) => row.id === "ai-agents-small-business");
    expect(aiAgents?.content).toContain("<h2>Where agents already pay off</h2>");
  });

  it("does not bring back sample content the owner deleted", async () => {
    await database.db.delete(insightPosts);
    expect(await seedSampleContent(database.db)).toBe(false);
    expect(await database.db.$count(insightPosts)).toBe(0);
  });

  it("seeds the spec's sample content: 3 insights, a trailer, two episodes and a premium one, a series with episodes", async () => {
    expect(sampleInsightPosts).toHaveLength(3);
    for (const post of sampleInsightPosts) {
      expect(post).toMatchObject({ category: expect.any(String), authorName: expect.any(String) });
      expect(post.imageUrl).toMatch(/^\/images\//);
    }
    expect(sampleInsightPosts.some((post) => post.content.includes("<p>"))).toBe(true);
    expect(sampleInsightPosts.some((post) => post.allSources.length > 1)).toBe(true);
    expect(samplePodcastEpisodes.map((episode) => episode.episodeType)).toEqual(["trailer", "full", "full", "bonus"]);
    expect(samplePodcastEpisodes.map((episode) => episode.premium ?? false)).toEqual([false, false, false, true]);
    expect(sampleContentSeries.episodes.length).toBeGreaterThan(0);
  });

  it("gives each sample episode the true byte length of its audio file, and the transcript and chapters files exist", () => {
    for (const episode of [...samplePodcastEpisodes, ...samplePremiumEpisodes]) {
      const files = sampleEpisodeFiles[episode.guid];
      expect({ guid: episode.guid, length: episode.audioLengthBytes }).toEqual({
        guid: episode.guid,
        length: fs.statSync(files.audio).size,
      });
    }
    const withExtras = Object.values(sampleEpisodeFiles).filter((files) => files.transcript && files.chapters);
    expect(withExtras.length).toBeGreaterThan(0);
    for (const files of withExtras) {
      expect(fs.readFileSync(files.transcript ?? "", "utf8")).toMatch(/^WEBVTT\n/);
      const chapters = JSON.parse(fs.readFileSync(files.chapters ?? "", "utf8"));
      expect(chapters.version).toBe("1.2.0");
      expect(chapters.chapters.length).toBeGreaterThan(0);
    }
  });

  it("stores each sample episode's files through the media module once, with their true size and duration", async () => {
    // The first test seeded this database; the media module's content checks load on first use.
    const media = await openTestMediaStorage("disk");
    try {
      const limits = mediaLimits({ MAX_AUDIO_MB: 500 });
      expect(await storeSampleEpisodeMedia(database.db, media.storage, limits)).toBe(samplePodcastEpisodes.length);
      expect(await storeSampleEpisodeMedia(database.db, media.storage, limits)).toBe(0);

      const rows = await database.db
        .select({
          slug: podcastEpisodes.slug,
          audioKey: podcastEpisodes.audioKey,
          audioLengthBytes: podcastEpisodes.audioLengthBytes,
          durationSeconds: podcastEpisodes.durationSeconds,
          transcriptKey: podcastEpisodes.transcriptKey,
          chapters: podcastEpisodes.chapters,
          premium: podcastEpisodes.premium,
          premiumMediaKeys: podcastEpisodes.premiumMediaKeys,
        })
        .from(podcastEpisodes);
      // A premium sample's files were stored for it, never anyone's: they need no new keys.
      expect(rows.filter((row) => row.premium).map((row) => row.premiumMediaKeys)).toEqual([true]);
      expect(rows.filter((row) => !row.premium).every((row) => !row.premiumMediaKeys)).toBe(true);
      for (const row of rows) {
        expect(row.audioKey).toMatch(/^episodes\/audio\/[\w-]+\.mp3$/);
        const stored = await media.storage.stat(row.audioKey ?? "");
        expect(stored?.size).toBe(row.audioLengthBytes);
        expect(row.durationSeconds).toBeGreaterThan(0);
      }
      const episodeOne = rows.find((row) => row.slug === "episode-1-the-pivot-that-almost-sank-us");
      expect(episodeOne?.transcriptKey).toMatch(/^episodes\/transcripts\/[\w-]+\.vtt$/);
      expect(episodeOne?.chapters).toEqual([
        { startSeconds: 0, title: "Welcome" },
        { startSeconds: 4, title: "The customer call" },
        { startSeconds: 8, title: "What comes next" },
      ]);
      // One audio file per episode and one transcript: nothing stored twice.
      expect((await media.listFiles()).length).toBe(samplePodcastEpisodes.length + 1);
      expect(
        (await database.db.select({ name: episodeGuests.name }).from(episodeGuests)).map((g) => g.name).sort(),
      ).toEqual(["Priya Natarajan", "Sam Rivera"]);
    } finally {
      await media.close();
    }
  }, 20_000);
});

describe("seedSamplePremiumEpisodes", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("adds the spec's other two premium episodes once, to a database seeded before them too; their audio is stored and their 47 and 63 minutes kept", async () => {
    expect(await seedSampleContent(database.db)).toBe(true);
    expect(await seedSamplePremiumEpisodes(database.db)).toBe(true);
    expect(await seedSamplePremiumEpisodes(database.db)).toBe(false);
    const media = await openTestMediaStorage("disk");
    try {
      await storeSampleEpisodeMedia(database.db, media.storage, mediaLimits({ MAX_AUDIO_MB: 500 }));
      const premium = await database.db
        .select({
          title: podcastEpisodes.title,
          durationSeconds: podcastEpisodes.durationSeconds,
          audioKey: podcastEpisodes.audioKey,
        })
        .from(podcastEpisodes)
        .where(eq(podcastEpisodes.premium, true))
        .orderBy(desc(podcastEpisodes.publishDate));
      expect(premium.map(({ title, durationSeconds }) => [title, durationSeconds])).toEqual([
        ["Founders Who Failed Forward: The Unedited Cut", 55 * 60],
        ["Inside the Boardroom: AI Decisions Off the Record", 47 * 60],
        ["The Turnaround Playbook: Live Q&A", 63 * 60],
      ]);
      for (const { audioKey } of premium) expect(await media.storage.stat(audioKey ?? "")).not.toBeNull();
    } finally {
      await media.close();
    }
  }, 20_000);
});

describe("seedSampleStories", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("seeds the eleven sample stories once, with ids 1 to 11 for the ?video= links, and never brings one back", async () => {
    expect(await seedSampleStories(database.db)).toBe(true);
    expect(await seedSampleStories(database.db)).toBe(false);
    const rows = await database.db.select().from(hostStories).orderBy(hostStories.position);
    expect(rows.map((row) => row.id)).toEqual(confessionStories.map((story) => story.id));
    expect(rows[6]).toMatchObject({
      title: confessionStories[6].title,
      excerpt: confessionStories[6].description,
      builtInVideoPath: "/attached_assets/videos/story-7.mp4",
      builtInCaptionsPath: "/attached_assets/videos/story-7.vtt",
      videoKey: null,
    });

    await database.db.delete(hostStories);
    expect(await seedSampleStories(database.db)).toBe(false);
    expect(await database.db.$count(hostStories)).toBe(0);
  });
});
