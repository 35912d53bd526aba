import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEpisodes, publicEpisode, sampleEpisodeFixtures } from "#tests/setup/episode-fixtures";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { sampleInsightPosts } from "~/db/sample-content";
import { episodeGuests, insightPosts, podcastEpisodes } from "~/db/schema";
import { publicContentVersion } from "./public-content-version.server";

const NOW = new Date("2026-03-02T12:00:00Z");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(insightPosts).values(sampleInsightPosts);
  await insertEpisodes(database.db, sampleEpisodeFixtures());
});
afterAll(() => database.close());

describe("publicContentVersion", () => {
  it("stays the same while nothing changes", async () => {
    expect(await publicContentVersion(database.db, NOW)).toBe(await publicContentVersion(database.db, NOW));
  });

  it("changes when an insight is edited without touching updated_at, added or deleted", async () => {
    const before = await publicContentVersion(database.db, NOW);
    const [post] = await database.db.select().from(insightPosts).limit(1);
    await database.db
      .update(insightPosts)
      .set({ title: `${post.title}!` })
      .where(eq(insightPosts.id, post.id));
    const afterEdit = await publicContentVersion(database.db, NOW);
    expect(afterEdit).not.toBe(before);

    await database.db.insert(insightPosts).values({
      id: "version-test",
      slug: "version-test",
      title: "New",
      excerpt: "New post",
      publishedAt: new Date("2020-01-01T00:00:00Z"),
      category: "Tests",
      authorName: "tester",
    });
    const afterInsert = await publicContentVersion(database.db, NOW);
    expect(afterInsert).not.toBe(afterEdit);

    await database.db.delete(insightPosts).where(eq(insightPosts.id, "version-test"));
    expect(await publicContentVersion(database.db, NOW)).toBe(afterEdit);
  });

  it("changes when a scheduled insight's publish date comes, though nothing is written", async () => {
    await database.db.insert(insightPosts).values({
      id: "scheduled-test",
      slug: "scheduled-test",
      status: "scheduled",
      title: "Later",
      excerpt: "Later post",
      publishedAt: new Date(NOW.getTime() + 60_000),
      category: "Tests",
      authorName: "tester",
    });
    const before = await publicContentVersion(database.db, NOW);
    expect(await publicContentVersion(database.db, new Date(NOW.getTime() + 60_000))).not.toBe(before);
    await database.db.delete(insightPosts).where(eq(insightPosts.id, "scheduled-test"));
  });

  it("changes when a podcast episode is unpublished", async () => {
    const before = await publicContentVersion(database.db, NOW);
    const [episode] = await database.db.select().from(podcastEpisodes).limit(1);
    await database.db.update(podcastEpisodes).set({ status: "unpublished" }).where(eq(podcastEpisodes.id, episode.id));
    expect(await publicContentVersion(database.db, NOW)).not.toBe(before);
  });

  it("changes when a guest is renamed", async () => {
    const before = await publicContentVersion(database.db, NOW);
    const [guest] = await database.db.select().from(episodeGuests).limit(1);
    await database.db.update(episodeGuests).set({ name: "Someone Else" }).where(eq(episodeGuests.id, guest.id));
    expect(await publicContentVersion(database.db, NOW)).not.toBe(before);
  });

  it("changes when a scheduled episode's time comes, with no write at all", async () => {
    const publishAt = new Date(NOW.getTime() + 3_600_000);
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "scheduled", title: "Scheduled", status: "scheduled", publishDate: publishAt }),
    ]);
    const justBefore = await publicContentVersion(database.db, new Date(publishAt.getTime() - 1));
    expect(await publicContentVersion(database.db, NOW)).toBe(justBefore);
    const atTheTime = await publicContentVersion(database.db, publishAt);
    expect(atTheTime).not.toBe(justBefore);
    expect(await publicContentVersion(database.db, new Date(publishAt.getTime() + 60_000))).toBe(atTheTime);
  });
});
