import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { sampleContentSeries, sampleInsightPosts, samplePodcastEpisodes } from "./sample-content";
import { contentEpisodes, contentSeries, insightPosts, podcastEpisodes } from "./schema";
import { seedSampleContent } from "./seed.server";

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

  it("does not bring back sample content the owner deleted", async () => {
    await database.db.delete(insightPosts);
    expect(await seedSampleContent(database.db)).toBe(false);
    expect(await database.db.$count(insightPosts)).toBe(0);
  });

  it("seeds the spec's sample content: 3 insights, a trailer and two episodes, a series with episodes", async () => {
    expect(sampleInsightPosts).toHaveLength(3);
    for (const post of sampleInsightPosts) {
      expect(post).toMatchObject({ category: expect.any(String), authorName: expect.any(String) });
      expect(post.imageUrl).toMatch(/^\/images\//);
    }
    expect(sampleInsightPosts.some((post) => post.content.includes("<p>"))).toBe(true);
    expect(sampleInsightPosts.some((post) => post.allSources.length > 1)).toBe(true);
    expect(samplePodcastEpisodes.map((episode) => episode.episodeType)).toEqual(["trailer", "full", "full"]);
    expect(sampleContentSeries.episodes.length).toBeGreaterThan(0);
  });
});
