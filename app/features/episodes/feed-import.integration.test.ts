import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FeedHost, startFeedHost } from "#tests/setup/feed-host";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { audienceMails, episodeGuests, feedImportEpisodes, feedImports, podcastEpisodes } from "~/db/schema";
import { NOT_AUDIO } from "~/lib/media/checks/audio.server";
import { createDiskStorage } from "~/lib/media/disk-storage.server";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { mediaLimits } from "~/lib/media/store-upload.server";
import {
  claimImportEpisodes,
  IMPORT_LEASE_MS,
  importDueEpisodes,
  readFeedImport,
  startFeedImport,
} from "./feed-import.server";
import { FeedRefused, LOCKED_FEED_MESSAGE } from "./feed-import-read.server";

let database: TestDatabase;
let host: FeedHost;
let folder: string;
let media: MediaStorage;
const env = { ALLOW_PRIVATE_FETCH: true };
const limits = mediaLimits({ MAX_AUDIO_MB: 10 });

beforeAll(async () => {
  database = await createTestDatabase();
  host = await startFeedHost();
  folder = await mkdtemp(path.join(os.tmpdir(), "feed-import-"));
  media = createDiskStorage(folder);
});
afterAll(async () => {
  await host.close();
  await database.close();
  await rm(folder, { recursive: true, force: true });
});
afterEach(async () => {
  await database.db.delete(feedImports);
  await database.db.delete(audienceMails);
  await database.db.delete(podcastEpisodes);
  host.requests.clear();
});

const context = () => ({ db: database.db, media, env, limits });

const filesIn = async (root: string) =>
  (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();

/** Runs the worker until nothing is left to claim. */
async function importEverything(now?: () => Date) {
  while ((await importDueEpisodes(context(), { limit: 5, now })) > 0) {
    // Each batch is a claim; the loop ends when none is left.
  }
}

async function importFeed(name: string) {
  const { id } = await startFeedImport(database.db, env, `${host.base}/${name}`);
  await importEverything();
  const progress = await readFeedImport(database.db, id);
  if (!progress) throw new Error(`import ${id} is gone`);
  return progress;
}

/** The stored file a column names; a column that names none fails the test. */
const storedFile = (key: string | null) => {
  if (!key) throw new Error("the episode has no such file");
  return media.stat(key);
};

const episodeByGuid = async (guid: string) => {
  const [row] = await database.db.select().from(podcastEpisodes).where(eq(podcastEpisodes.guid, guid));
  return row;
};

describe("importing a show from its feed", () => {
  it("brings in a Libsyn-style feed: GUIDs, dates, numbers, sanitised notes, plain summary, audio, artwork, links", async () => {
    const progress = await importFeed("libsyn.xml");
    expect(progress).toMatchObject({
      status: "done",
      message: "Imported 2 of 2 episodes.",
      episodes: { total: 2, imported: 2, failed: 0 },
      show: {
        showName: "Startup Confessions",
        hostName: "Dana Okafor",
        description: "Founders tell the stories they never told their investors.",
        language: "en",
        category: { name: "Business", subcategory: "Entrepreneurship" },
        explicit: false,
        type: "episodic",
        owner: { name: "Dana Okafor", email: "host@startupconfessions.example" },
        copyright: "© 2023 Startup Confessions LLC",
        artworkUrl: `${host.base}/art/square.jpg`,
      },
    });
    const pivot = await episodeByGuid("8a3c1f2e-6f6b-4d3a-9a55-libsyn-0002");
    expect(pivot).toMatchObject({
      title: "Ep. 2: The Pivot Nobody Saw",
      status: "published",
      seasonNumber: 1,
      episodeNumber: 2,
      episodeType: "full",
      explicit: true,
      description: "How a payroll tool became a bank.\n\nLinks: bad",
      importedLink: "https://startupconfessions.libsyn.com/ep-2-the-pivot-nobody-saw",
      audioMimeType: "audio/mpeg",
      audioLengthBytes: 12476,
    });
    expect(pivot.publishDate?.toISOString()).toBe("2023-02-07T05:00:00.000Z");
    expect(pivot.firstPublishedAt?.toISOString()).toBe("2023-02-07T05:00:00.000Z");
    expect(pivot.showNotesHtml).toContain('<a href="https://example.com/bank" rel="noopener noreferrer">bank</a>');
    expect(pivot.showNotesHtml).not.toMatch(/script|onclick|javascript:/);
    expect(await storedFile(pivot.audioKey)).toMatchObject({ size: 12476, contentType: "audio/mpeg" });
    expect(pivot.artworkKey).not.toBeNull();
    expect(pivot.artworkRenditions.map((rendition) => rendition.width)).toEqual([384, 768]);
    // Episodes listeners have had for years are recorded as announced, with nobody to mail.
    const mails = await database.db
      .select()
      .from(audienceMails)
      .where(eq(audienceMails.itemKey, `episode:${pivot.id}`));
    expect(mails).toHaveLength(1);
    const first = await episodeByGuid("8a3c1f2e-6f6b-4d3a-9a55-libsyn-0001");
    expect(first).toMatchObject({
      title: "Ep. 1: Why We Started",
      description: "Two founders, one garage & a bad idea.",
    });
    // Oldest first: the site's ids follow the order of publication.
    expect(first.id).toBeLessThan(pivot.id);
  });

  it("keeps a Buzzsprout-style feed's SRT transcript, JSON chapters and guests, and says the HTML transcript was not kept", async () => {
    const progress = await importFeed("buzzsprout.xml");
    expect(progress.episodes).toEqual({ total: 2, imported: 2, failed: 0 });
    expect(progress.show).toMatchObject({ language: "en-us", type: "serial", hostName: "Mei Lin" });
    const episode = await episodeByGuid("Buzzsprout-12345678");
    expect(episode).toMatchObject({
      seasonNumber: 2,
      episodeNumber: 1,
      transcriptMimeType: "application/x-subrip",
      chapters: [
        { startSeconds: 0, title: "Welcome" },
        { startSeconds: 1.5, title: "Disruption", url: "https://example.com/notes" },
      ],
    });
    expect(await storedFile(episode.transcriptKey)).toMatchObject({
      contentType: "application/x-subrip; charset=utf-8",
    });
    const guests = await database.db
      .select({ name: episodeGuests.name, link: episodeGuests.link })
      .from(episodeGuests)
      .where(eq(episodeGuests.episodeId, episode.id));
    expect(guests).toEqual([{ name: "Ana Souza", link: "https://example.com/ana" }]);
    expect((await episodeByGuid("Buzzsprout-12340000")).episodeType).toBe("trailer");
    expect(progress.problems).toEqual([]);
  });

  it("follows an Anchor-style feed's redirected enclosures, names an item without a GUID by its enclosure, and lists failures with their reason", async () => {
    const progress = await importFeed("anchor.xml");
    expect(progress).toMatchObject({
      status: "done",
      message: "Imported 2 of 4 episodes; 2 failed.",
      episodes: { total: 4, imported: 2, failed: 2 },
    });
    expect(progress.problems).toEqual([
      {
        guid: "a1b2c3d4-anchor-0000",
        title: "Not Audio",
        status: "failed",
        problem: `The audio could not be imported: ${NOT_AUDIO}`,
      },
      {
        guid: "a1b2c3d4-anchor-0001",
        title: "Gone From the CDN",
        status: "failed",
        problem: `The audio could not be imported: ${host.base}/missing/episode.mp3 answered HTTP 404`,
      },
    ]);
    const redirected = await episodeByGuid("a1b2c3d4-anchor-0003");
    expect(await storedFile(redirected.audioKey)).toMatchObject({ size: 12476 });
    expect(redirected.showNotesHtml).toBe("<p>We do the maths <em>again</em>.</p>\n<p>Indented on purpose.</p>");
    const withoutGuid = await episodeByGuid(`${host.base}/anchor/play/tone-vbr.mp3`);
    expect(withoutGuid.title).toBe("The Episode Without a GUID");
    expect(progress.show.description).toBe("Money talk, & nothing fancy.");
  });

  it("keeps a Transistor-style feed's WebVTT transcript, M4A audio, bonus type and every guest", async () => {
    const progress = await importFeed("transistor.xml");
    expect(progress.episodes).toEqual({ total: 1, imported: 1, failed: 0 });
    const episode = await episodeByGuid("f0a7c1d2-3e4f-5a6b-7c8d-transistor07");
    expect(episode).toMatchObject({
      episodeType: "bonus",
      episodeNumber: 7,
      explicit: true,
      audioMimeType: "audio/x-m4a",
      transcriptMimeType: "text/vtt",
      description: "You asked, we answered.",
      importedLink: "https://designdebt.transistor.fm/episodes/listener-questions",
    });
    expect(episode.showNotesHtml).toContain("<h2>Questions</h2>");
    expect(episode.showNotesHtml).not.toContain("iframe");
    expect(episode.chapters).toHaveLength(2);
    const guests = await database.db
      .select({ name: episodeGuests.name, link: episodeGuests.link })
      .from(episodeGuests)
      .where(eq(episodeGuests.episodeId, episode.id))
      .orderBy(asc(episodeGuests.position));
    expect(guests).toEqual([
      { name: "Kim Jones", link: "https://example.com/kim" },
      { name: "Lee Park", link: null },
    ]);
    expect(progress.show).toMatchObject({ explicit: true, category: { name: "Arts", subcategory: "Design" } });
  });

  it("reads a Castopod-style feed that moved, resolving its relative addresses against where it is now", async () => {
    const progress = await importFeed("moved/castopod.xml");
    expect(progress.episodes).toEqual({ total: 1, imported: 1, failed: 0 });
    expect(progress.show).toMatchObject({ language: "fr", artworkUrl: `${host.base}/art/square.jpg` });
    const episode = await episodeByGuid("https://castopod.example.org/@federated/episodes/pourquoi-federer");
    expect(episode.title).toBe("Épisode 1 : Pourquoi fédérer ?");
    expect(episode.transcriptKey).not.toBeNull();
    expect(episode.publishDate?.toISOString()).toBe("2024-05-15T16:30:00.000Z");
  });

  it("takes a hand-written feed's RSS image when its iTunes artwork address is mangled, and a GUID pasted twice once", async () => {
    const progress = await importFeed("selfhosted.xml");
    expect(progress).toMatchObject({
      status: "done",
      episodes: { total: 2, imported: 2, failed: 0 },
      show: { showName: "Porch Talk", artworkUrl: `${host.base}/art/square.jpg` },
    });
    const episodes = await database.db
      .select({ guid: podcastEpisodes.guid, title: podcastEpisodes.title })
      .from(podcastEpisodes)
      .orderBy(asc(podcastEpisodes.id));
    expect(episodes).toEqual([
      { guid: "porchtalk-1", title: "Porch Talk 1 - Hello" },
      { guid: "porchtalk-2", title: "Porch Talk 2 - Rain" },
    ]);
  });

  it("refuses a locked feed, saying its owner must unlock it first, and queues nothing", async () => {
    const refusal = startFeedImport(database.db, env, `${host.base}/locked.xml`);
    await expect(refusal).rejects.toThrow(FeedRefused);
    await expect(refusal).rejects.toThrow(LOCKED_FEED_MESSAGE);
    expect(await database.db.select().from(feedImports)).toEqual([]);
  });

  it("refuses what is not a feed, and an address it may not fetch", async () => {
    await expect(startFeedImport(database.db, env, `${host.base}/media/chapters.json`)).rejects.toThrow(
      "The address does not answer with an RSS podcast feed.",
    );
    await expect(
      startFeedImport(database.db, { ALLOW_PRIVATE_FETCH: false }, `${host.base}/libsyn.xml`),
    ).rejects.toThrow(/The feed could not be fetched: .*not a public address/);
  });

  it("adds only what is new on a second import of the same feed, and tries failed episodes again", async () => {
    await importFeed("anchor.xml");
    const downloadsBefore = host.requests.get("/media/tone-cbr.mp3");
    const again = await importFeed("anchor.xml");
    expect(again).toMatchObject({
      status: "failed",
      episodes: { total: 2, imported: 0, failed: 2 },
      alreadyHere: 2,
      message: "None of the 2 episodes could be imported. 2 were on the site already.",
    });
    expect(host.requests.get("/media/tone-cbr.mp3")).toBe(downloadsBefore);
    expect(await database.db.select({ id: podcastEpisodes.id }).from(podcastEpisodes)).toHaveLength(2);
  });

  it("queues a huge feed's thousand episodes at once and shows the progress while they are imported", async () => {
    const { id } = await startFeedImport(database.db, env, `${host.base}/huge.xml?items=1000`);
    expect(await readFeedImport(database.db, id)).toMatchObject({
      status: "running",
      episodes: { total: 1000, imported: 0, failed: 0 },
      message: "Importing: 0 of 1000 episodes done, 0 failed.",
    });
    await importDueEpisodes(context(), { limit: 3 });
    expect((await readFeedImport(database.db, id))?.episodes).toEqual({ total: 1000, imported: 3, failed: 0 });
    const firstThree = await database.db
      .select({ guid: podcastEpisodes.guid })
      .from(podcastEpisodes)
      .orderBy(asc(podcastEpisodes.id));
    expect(firstThree.map((row) => row.guid)).toEqual(["huge-1", "huge-2", "huge-3"]);
  });
});

describe("an import interrupted", () => {
  it("resumes what a dead worker held once its lease has run out, without a duplicate", async () => {
    const start = new Date();
    const { id } = await startFeedImport(database.db, env, `${host.base}/libsyn.xml`);
    // A worker claims the first episode and dies (kill -9) before finishing it.
    const [held] = await claimImportEpisodes(database.db, start, 1);
    expect(held.item.guid).toBe("8a3c1f2e-6f6b-4d3a-9a55-libsyn-0001");
    // After a restart the other episode is imported, the held one waits for its lease.
    await importEverything(() => new Date(start.getTime() + 60_000));
    expect(await readFeedImport(database.db, id)).toMatchObject({
      status: "running",
      episodes: { total: 2, imported: 1, failed: 0 },
    });
    await importEverything(() => new Date(start.getTime() + IMPORT_LEASE_MS + 1000));
    expect(await readFeedImport(database.db, id)).toMatchObject({
      status: "done",
      episodes: { total: 2, imported: 2, failed: 0 },
    });
    const guids = await database.db.select({ guid: podcastEpisodes.guid }).from(podcastEpisodes);
    expect(guids.map((row) => row.guid).sort()).toEqual([
      "8a3c1f2e-6f6b-4d3a-9a55-libsyn-0001",
      "8a3c1f2e-6f6b-4d3a-9a55-libsyn-0002",
    ]);
    const [row] = await database.db
      .select({ attempts: feedImportEpisodes.attempts })
      .from(feedImportEpisodes)
      .where(eq(feedImportEpisodes.id, held.id));
    expect(row.attempts).toBe(2);
  });

  it("hands the episode under way back to the queue when the server stops, keeping none of its files", async () => {
    const { id } = await startFeedImport(database.db, env, `${host.base}/huge.xml?items=1`);
    const filesBefore = await filesIn(folder);
    host.hold("/media/tone-vbr.mp3?episode=1");
    const stopping = new AbortController();
    const importing = importDueEpisodes({ ...context(), signal: stopping.signal }, { limit: 1 });
    await expect.poll(() => host.heldCount()).toBe(1);
    stopping.abort();
    expect(await importing).toBe(1);
    host.release();
    const [row] = await database.db.select().from(feedImportEpisodes).where(eq(feedImportEpisodes.importId, id));
    expect(row).toMatchObject({ status: "queued", attempts: 0, claimToken: null, leaseUntil: null, problem: null });
    expect(await filesIn(folder)).toEqual(filesBefore);
    // The next start imports it at once, without waiting for a lease.
    await importEverything();
    expect(await readFeedImport(database.db, id)).toMatchObject({ status: "done", episodes: { imported: 1 } });
  });

  it("gives up an episode whose worker died three times", async () => {
    const start = new Date();
    await startFeedImport(database.db, env, `${host.base}/transistor.xml`);
    for (let attempt = 0; attempt < 3; attempt++)
      expect(
        await claimImportEpisodes(database.db, new Date(start.getTime() + attempt * (IMPORT_LEASE_MS + 1000)), 1),
      ).toHaveLength(1);
    expect(await claimImportEpisodes(database.db, new Date(start.getTime() + 3 * (IMPORT_LEASE_MS + 1000)), 1)).toEqual(
      [],
    );
    const [row] = await database.db.select().from(feedImportEpisodes);
    expect(row).toMatchObject({
      status: "failed",
      problem: "The import stopped while importing this episode 3 times; it was given up.",
    });
  });
});
