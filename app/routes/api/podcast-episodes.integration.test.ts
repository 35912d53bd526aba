import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { podcastEpisodes } from "~/db/schema";
import { callRoute } from "../../../tests/setup/call-route";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./podcast-episodes";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(podcastEpisodes);
});

const listEpisodes = () =>
  callRoute(loader, database.db, new Request("http://localhost/api/podcast/episodes")).then((reply) => ({
    ...reply,
    body: reply.body as { success: boolean; data: Array<Record<string, unknown>> },
  }));

type EpisodeRow = typeof podcastEpisodes.$inferInsert;

function episode(overrides: Partial<EpisodeRow> & Pick<EpisodeRow, "guid" | "title">): EpisodeRow {
  return {
    slug: overrides.guid,
    description: `About ${overrides.title}`,
    audioUrl: `/attached_assets/audio/${overrides.guid}.mp3`,
    publishDate: new Date("2025-09-11T09:00:00Z"),
    ...overrides,
  };
}

describe("GET /api/podcast/episodes", () => {
  it("answers success with every field of an active episode", async () => {
    await database.db.insert(podcastEpisodes).values(
      episode({
        guid: "trailer",
        title: "Trailer: Welcome",
        description: "A first listen.",
        audioUrl: "/attached_assets/audio/trailer.mp3",
        publishDate: new Date("2025-09-04T09:00:00Z"),
        episodeType: "trailer",
        durationSeconds: 2712,
        guestName: "Sam Rivera",
        spotifyUrl: "https://open.spotify.com/episode/x",
      }),
    );
    const reply = await listEpisodes();
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      data: [
        {
          id: expect.any(Number),
          guid: "trailer",
          title: "Trailer: Welcome",
          description: "A first listen.",
          audioUrl: "/attached_assets/audio/trailer.mp3",
          publishDate: "2025-09-04T09:00:00.000Z",
          episodeNumber: null,
          episodeType: "trailer",
          duration: "45:12",
          durationSeconds: 2712,
          imageUrl: null,
          guestName: "Sam Rivera",
          spotifyUrl: "https://open.spotify.com/episode/x",
          youtubeUrl: null,
        },
      ],
    });
  });

  it("puts the trailer first, however new the other episodes are, then the newest first", async () => {
    await database.db.insert(podcastEpisodes).values([
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

  it("leaves inactive episodes out", async () => {
    await database.db
      .insert(podcastEpisodes)
      .values([
        episode({ guid: "old-trailer", title: "Old trailer", episodeType: "trailer", active: false }),
        episode({ guid: "ep-1", title: "Episode 1" }),
        episode({ guid: "hidden", title: "Hidden episode", active: false }),
      ]);
    const reply = await listEpisodes();
    expect(reply.body.data.map((item) => item.title)).toEqual(["Episode 1"]);
    expect(reply.body.data[0].duration).toBeNull();
  });

  it("leaves premium episodes out", async () => {
    await database.db
      .insert(podcastEpisodes)
      .values([
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
    const reply = await callRoute(
      action,
      database.db,
      new Request("http://localhost/api/podcast/episodes", { method }),
    );
    expect(reply.status).toBe(405);
    expect(reply.body).toEqual({ success: false, message: "Method not allowed" });
  });
});
