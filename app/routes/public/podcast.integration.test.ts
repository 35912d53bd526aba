import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callRoute } from "#tests/setup/call-route";
import { insertEpisodes, publicEpisode, sampleEpisodeFixtures } from "#tests/setup/episode-fixtures";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { podcastEpisodes } from "~/db/schema";
import { loader } from "./podcast";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(podcastEpisodes);
});

type PodcastPage = {
  trailer: Record<string, unknown> | null;
  list: { episodes: { title: string; premium: boolean }[]; page: number; hasPrevious: boolean; hasNext: boolean };
};

const loadPage = (query = "") =>
  callRoute(loader, database.db, new Request(`http://localhost/podcast${query}`)).then(
    (reply) => reply.body as PodcastPage,
  );

const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n, 9));

describe("the podcast page's loader", () => {
  it("gives the trailer to the trailer card, then lists the other public episodes newest first, premium with a lock", async () => {
    await insertEpisodes(database.db, sampleEpisodeFixtures());
    const page = await loadPage();
    expect(page.trailer).toMatchObject({
      title: "Trailer: Welcome to The Disruption Confessional",
      slug: "trailer-welcome-to-the-disruption-confessional",
      audioUrl: expect.stringMatching(/^\/media\/episodes\/audio\/[\w-]+\.mp3$/),
      duration: "0:12",
      publishDate: "2025-09-04T09:00:00.000Z",
    });
    expect(page.list.episodes.map(({ title, premium }) => ({ title, premium }))).toEqual([
      { title: "Founders Who Failed Forward: The Unedited Cut", premium: true },
      { title: "Episode 2: Automating Ourselves Out of a Job", premium: false },
      { title: "Episode 1: The Pivot That Almost Sank Us", premium: false },
    ]);
    expect(page.list).toMatchObject({ page: 1, hasPrevious: false, hasNext: false });
  });

  it("gives no trailer when no episode is public, so the page says the first one is coming", async () => {
    expect(await loadPage()).toMatchObject({ trailer: null, list: { episodes: [] } });
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "draft", title: "Draft", status: "draft" }),
      publicEpisode({ guid: "unpublished", title: "Unpublished", status: "unpublished" }),
      publicEpisode({ guid: "no-audio", title: "No audio", audioKey: null }),
      publicEpisode({ guid: "later", title: "Later", status: "scheduled", publishDate: new Date(Date.now() + 60_000) }),
    ]);
    expect(await loadPage()).toMatchObject({ trailer: null, list: { episodes: [] } });
  });

  it("gives the trailer card the chapters the owner gave the episode, without their links", async () => {
    await insertEpisodes(database.db, [
      publicEpisode({
        guid: "with-chapters",
        title: "With chapters",
        chapters: [
          { startSeconds: 0, title: "Welcome" },
          { startSeconds: 65, title: "The call", url: "https://example.com/call" },
        ],
      }),
    ]);
    const { trailer } = await loadPage();
    expect(trailer).toMatchObject({ title: "With chapters" });
    expect(trailer?.chapters).toEqual([
      { startSeconds: 0, title: "Welcome" },
      { startSeconds: 65, title: "The call" },
    ]);
  });

  it("shows a scheduled episode whose time has come", async () => {
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "due", title: "Due", status: "scheduled", publishDate: new Date(Date.now() - 1000) }),
    ]);
    expect((await loadPage()).trailer).toMatchObject({ title: "Due" });
  });

  it("never shows a premium episode as the trailer", async () => {
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "premium-trailer", title: "Premium trailer", episodeType: "trailer", premium: true }),
    ]);
    const page = await loadPage();
    expect(page.trailer).toBeNull();
    expect(page.list.episodes.map((episode) => episode.title)).toEqual(["Premium trailer"]);
  });

  it("pages the list 20 at a time with ?page=N, and takes a malformed page number for the first", async () => {
    await insertEpisodes(
      database.db,
      Array.from({ length: 45 }, (_, index) =>
        publicEpisode({ guid: `episode-${index + 1}`, title: `Episode ${index + 1}`, publishDate: day(index) }),
      ),
    );
    const first = await loadPage();
    expect(first.trailer).toMatchObject({ title: "Episode 45" });
    expect(first.list.episodes).toHaveLength(20);
    expect(first.list.episodes[0].title).toBe("Episode 44");
    expect(first.list).toMatchObject({ page: 1, hasPrevious: false, hasNext: true });
    const third = await loadPage("?page=3");
    expect(third.list.episodes.map((episode) => episode.title)).toEqual([
      "Episode 4",
      "Episode 3",
      "Episode 2",
      "Episode 1",
    ]);
    expect(third.list).toMatchObject({ page: 3, hasPrevious: true, hasNext: false });
    for (const query of ["?page=0", "?page=-1", "?page=abc", "?page=1.5"]) {
      expect((await loadPage(query)).list.page).toBe(1);
    }
    expect((await loadPage("?page=99")).list).toMatchObject({ episodes: [], hasPrevious: true, hasNext: false });
  });
});
