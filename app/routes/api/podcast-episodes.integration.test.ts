import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { type EpisodeFixture, insertEpisodes, publicEpisode } from "#tests/setup/episode-fixtures";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { podcastEpisodes } from "~/db/schema";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(podcastEpisodes);
});

const listEpisodes = () =>
  callApi(database.db, new Request("http://localhost/api/podcast/episodes")).then((reply) => ({
    ...reply,
    body: reply.body as { success: boolean; data: Array<Record<string, unknown>> },
  }));

const episode = (overrides: Partial<EpisodeFixture> & Pick<EpisodeFixture, "guid" | "title">) =>
  publicEpisode(overrides);

describe("GET /api/podcast/episodes", () => {
  it("answers success with every field of a published episode, audio and artwork as media URLs", async () => {
    await insertEpisodes(database.db, [
      episode({
        guid: "trailer",
        title: "Trailer: Welcome",
        description: "A first listen.",
        slug: "trailer-welcome",
        audioKey: "episodes/audio/trailer0123456789.mp3",
        artworkKey: "episodes/artwork/trailer0123456789.png",
        publishDate: new Date("2025-09-04T09:00:00Z"),
        episodeType: "trailer",
        durationSeconds: 2712,
        guests: [{ name: "Sam Rivera" }, { name: "Priya Natarajan" }],
        spotifyUrl: "https://open.spotify.com/episode/x",
      }),
    ]);
    const reply = await listEpisodes();
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      data: [
        {
          id: expect.any(Number),
          guid: "trailer",
          slug: "trailer-welcome",
          title: "Trailer: Welcome",
          description: "A first listen.",
          audioUrl: "/media/episodes/audio/trailer0123456789.mp3",
          publishDate: "2025-09-04T09:00:00.000Z",
          episodeNumber: null,
          episodeType: "trailer",
          duration: "45:12",
          durationSeconds: 2712,
          imageUrl: "/media/episodes/artwork/trailer0123456789.png",
          guestName: "Sam Rivera",
          spotifyUrl: "https://open.spotify.com/episode/x",
          youtubeUrl: null,
        },
      ],
    });
  });

  it("puts the trailer first, however new the other episodes are, then the newest first", async () => {
    await insertEpisodes(database.db, [
      episode({ guid: "ep-1", title: "Episode 1", publishDate: new Date("2025-09-11T09:00:00Z"), episodeNumber: 1 }),
      episode({ guid: "ep-2", title: "Episode 2", publishDate: new Date("2025-09-18T09:00:00Z"), episodeNumber: 2 }),
      episode({
        guid: "trailer",
        title: "Trailer",
        publishDate: new Date("2025-09-04T09:00:00Z"),
        episodeType: "trailer",
      }),
    ]);
    const reply = await listEpisodes();
    expect(reply.body.data.map((item) => item.title)).toEqual(["Trailer", "Episode 2", "Episode 1"]);
  });

  it("lists published episodes only: no draft, unpublished, audio-less or future one", async () => {
    await insertEpisodes(database.db, [
      episode({ guid: "old-trailer", title: "Old trailer", episodeType: "trailer", status: "unpublished" }),
      episode({ guid: "ep-1", title: "Episode 1" }),
      episode({ guid: "draft", title: "Draft", status: "draft" }),
      episode({ guid: "no-audio", title: "No audio yet", audioKey: null }),
      episode({
        guid: "future-trailer",
        title: "Future trailer",
        episodeType: "trailer",
        status: "scheduled",
        publishDate: new Date(Date.now() + 3_600_000),
      }),
    ]);
    const reply = await listEpisodes();
    expect(reply.body.data.map((item) => item.title)).toEqual(["Episode 1"]);
    expect(reply.body.data[0].duration).toBeNull();
  });

  it("leaves premium episodes out", async () => {
    await insertEpisodes(database.db, [
      episode({ guid: "premium-trailer", title: "Members' trailer", episodeType: "trailer", premium: true }),
      episode({ guid: "ep-1", title: "Episode 1" }),
      episode({ guid: "premium-bonus", title: "Unedited cut", episodeType: "bonus", premium: true }),
    ]);
    const reply = await listEpisodes();
    expect(reply.body.data.map((item) => item.title)).toEqual(["Episode 1"]);
  });

  it("answers an empty list when there are no episodes", async () => {
    const reply = await listEpisodes();
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, data: [] });
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("answers %s with 405", async (method) => {
    const reply = await callApi(database.db, new Request("http://localhost/api/podcast/episodes", { method }));
    expect(reply.status).toBe(405);
    expect(reply.body).toEqual({ success: false, message: "Method not allowed" });
  });
});
