import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEpisodes, publicEpisode } from "#tests/setup/episode-fixtures";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { podcastEpisodes } from "~/db/schema";
import {
  ANONYMOUS,
  contentFor,
  type EpisodeViewer,
  episodeAccess,
  isGranted,
  listedFor,
} from "./episode-access.server";
import { findEpisodeMediaGrant, listPublicAudioKeys } from "./episodes.server";

const NOW = new Date("2026-01-10T12:00:00Z");
const HOUR = 3_600_000;
const TIMES = [null, new Date(NOW.getTime() - HOUR), NOW, new Date(NOW.getTime() + HOUR)];
const STATUSES = ["draft", "scheduled", "published", "unpublished"];

const VIEWERS: EpisodeViewer[] = [
  ANONYMOUS,
  { kind: "member", tier: "free" },
  { kind: "member", tier: "basic" },
  { kind: "member", tier: "premium" },
  { kind: "owner" },
];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  // Every combination of the facts the rule reads, around the moment the test asks at.
  const fixtures = STATUSES.flatMap((status) =>
    TIMES.flatMap((publishDate) =>
      TIMES.flatMap((earlyAccessAt) =>
        [false, true].flatMap((premium) =>
          [false, true].map((hasAudio) => {
            const guid = `${status}-${publishDate?.getTime() ?? "none"}-${earlyAccessAt?.getTime() ?? "none"}-${premium}-${hasAudio}`;
            return publicEpisode({
              guid,
              title: guid,
              status,
              publishDate,
              earlyAccessAt,
              premium,
              ...(!hasAudio && { audioKey: null }),
            });
          }),
        ),
      ),
    ),
  );
  await insertEpisodes(database.db, fixtures);
}, 60_000);
afterAll(() => database?.close());

const facts = {
  id: podcastEpisodes.id,
  status: podcastEpisodes.status,
  publishDate: podcastEpisodes.publishDate,
  earlyAccessAt: podcastEpisodes.earlyAccessAt,
  premium: podcastEpisodes.premium,
  audioKey: podcastEpisodes.audioKey,
};

describe("the access rule's SQL form", () => {
  it.each(VIEWERS.map((viewer) => [JSON.stringify(viewer), viewer] as const))(
    "lists, and gives the audio of, exactly the episodes the rule grants %s",
    async (_name, viewer) => {
      const all = await database.db.select(facts).from(podcastEpisodes).orderBy(asc(podcastEpisodes.id));
      expect(all).toHaveLength(STATUSES.length * TIMES.length ** 2 * 4);
      const ids = async (where: ReturnType<typeof listedFor>) =>
        (await database.db.select(facts).from(podcastEpisodes).where(where).orderBy(asc(podcastEpisodes.id))).map(
          (row) => row.id,
        );
      const granted = (pick: (access: ReturnType<typeof episodeAccess>) => Parameters<typeof isGranted>[0]) =>
        all.filter((row) => isGranted(pick(episodeAccess(viewer, row, NOW)))).map((row) => row.id);
      const listing = granted((access) => access.listing);
      expect(listing.length).toBeGreaterThan(0);
      expect(await ids(listedFor(viewer, NOW))).toEqual(listing);
      expect(await ids(contentFor(viewer, NOW))).toEqual(granted((access) => access.part("audio")));
      expect(granted((access) => access.part("transcript"))).toEqual(granted((access) => access.part("audio")));
    },
  );
});

describe("the audio keys the server's front door streams itself", () => {
  it.each([
    ["now", NOW],
    ["once the hour's publish dates have come", new Date(NOW.getTime() + 2 * HOUR)],
  ])("are exactly those the media route gives everyone, %s", async (_when, at) => {
    const keys = await listPublicAudioKeys(database.db, at);
    const rows = await database.db.select(facts).from(podcastEpisodes).orderBy(asc(podcastEpisodes.id));
    const forEveryone: string[] = [];
    for (const { audioKey } of rows) {
      if (audioKey === null) continue;
      const found = await findEpisodeMediaGrant(database.db, audioKey, at, async () => ANONYMOUS);
      if (found?.grant === "everyone" && found.part === "audio") forEveryone.push(audioKey);
    }
    expect(forEveryone.length).toBeGreaterThan(0);
    expect(forEveryone.length).toBeLessThan(rows.length);
    expect([...keys].sort()).toEqual(forEveryone.sort());
  });
});
