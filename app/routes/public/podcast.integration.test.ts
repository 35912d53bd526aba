import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { samplePodcastEpisodes } from "~/db/sample-content";
import { podcastEpisodes } from "~/db/schema";
import { callRoute } from "../../../tests/setup/call-route";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { loader } from "./podcast";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(podcastEpisodes);
});

const loadPage = () => callRoute(loader, database.db, new Request("http://localhost/podcast"));

describe("the podcast page's loader", () => {
  it("gives the first episode of the list, the trailer, to the trailer card", async () => {
    await database.db.insert(podcastEpisodes).values(samplePodcastEpisodes);
    const reply = await loadPage();
    expect(reply.body).toMatchObject({
      trailer: {
        title: "Trailer: Welcome to The Disruption Confessional",
        audioUrl: "/attached_assets/audio/trailer.mp3",
        duration: "0:12",
        publishDate: "2025-09-04T09:00:00.000Z",
      },
    });
  });

  it("gives no trailer when every episode is deleted or inactive, so the page says the first one is coming", async () => {
    const reply = await loadPage();
    expect(reply.body).toEqual({ trailer: null });
    await database.db.insert(podcastEpisodes).values({ ...samplePodcastEpisodes[0], active: false });
    expect((await loadPage()).body).toEqual({ trailer: null });
  });

  it("never shows a premium episode as the trailer", async () => {
    await database.db.insert(podcastEpisodes).values({ ...samplePodcastEpisodes[0], premium: true });
    expect((await loadPage()).body).toEqual({ trailer: null });
  });
});
