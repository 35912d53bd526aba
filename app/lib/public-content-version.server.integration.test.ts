import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleInsightPosts, samplePodcastEpisodes } from "~/db/sample-content";
import { insightPosts, podcastEpisodes } from "~/db/schema";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { publicContentVersion } from "./public-content-version.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(insightPosts).values(sampleInsightPosts);
  await database.db.insert(podcastEpisodes).values(samplePodcastEpisodes);
});
afterAll(() => database.close());

describe("publicContentVersion", () => {
  it("stays the same while nothing changes", async () => {
    expect(await publicContentVersion(database.db)).toBe(await publicContentVersion(database.db));
  });

  it("changes when an insight is edited without touching updated_at, added or deleted", async () => {
    const before = await publicContentVersion(database.db);
    const [post] = await database.db.select().from(insightPosts).limit(1);
    await database.db
      .update(insightPosts)
      .set({ title: `${post.title}!` })
      .where(eq(insightPosts.id, post.id));
    const afterEdit = await publicContentVersion(database.db);
    expect(afterEdit).not.toBe(before);

    await database.db.insert(insightPosts).values({
      id: "version-test",
      title: "New",
      excerpt: "New post",
      publishedAt: new Date("2020-01-01T00:00:00Z"),
      category: "Tests",
      authorName: "tester",
    });
    const afterInsert = await publicContentVersion(database.db);
    expect(afterInsert).not.toBe(afterEdit);

    await database.db.delete(insightPosts).where(eq(insightPosts.id, "version-test"));
    expect(await publicContentVersion(database.db)).toBe(afterEdit);
  });

  it("changes when a podcast episode is hidden", async () => {
    const before = await publicContentVersion(database.db);
    const [episode] = await database.db.select().from(podcastEpisodes).limit(1);
    await database.db.update(podcastEpisodes).set({ active: false }).where(eq(podcastEpisodes.id, episode.id));
    expect(await publicContentVersion(database.db)).not.toBe(before);
  });
});
