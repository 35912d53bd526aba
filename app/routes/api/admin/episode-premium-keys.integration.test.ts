import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { routeContext } from "#tests/setup/call-route";
import { insertEpisodes, publicEpisode } from "#tests/setup/episode-fixtures";
import { MEDIA_BACKENDS, openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { rowById } from "#tests/setup/rows";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { podcastEpisodes } from "~/db/schema";
import { renewPremiumMediaKeys, renewWaitingPremiumMediaKeys } from "~/features/episodes/episode-media.server";
import { newMediaKey, renditionKey } from "~/lib/media/media-key";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import * as mediaRoute from "../../public/media";

const AUDIO = readFileSync("tests/fixtures/media/tone-cbr.mp3");
const TRANSCRIPT = Buffer.from("WEBVTT\n\n00:00.000 --> 00:04.000\nThe episode in words.\n");

type Files = {
  audioKey: string | null;
  transcriptKey: string | null;
  artworkKey: string | null;
  artworkRenditions: { key: string; width: number; height: number }[];
};
const filesOf = ({ audioKey, transcriptKey, artworkKey, artworkRenditions }: Files) =>
  [audioKey, transcriptKey, artworkKey, ...artworkRenditions.map((rendition) => rendition.key)].filter(
    (key) => key !== null,
  );

describe.each(MEDIA_BACKENDS)("an episode that becomes premium, on %s", (backend) => {
  let database: TestDatabase;
  let media: TestMediaStorage;
  let owner: string;
  let episodeCount = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    media = await openTestMediaStorage(backend);
    owner = await signInOwner(database.db);
  });
  afterAll(async () => {
    await media?.close();
    await database?.close();
  });

  /** A public free episode with its audio, transcript, artwork and two renditions stored. */
  async function publicEpisodeWithFiles() {
    episodeCount += 1;
    const artworkKey = newMediaKey("episodes/artwork", "png");
    const files = {
      audioKey: newMediaKey("episodes/audio", "mp3"),
      transcriptKey: newMediaKey("episodes/transcripts", "vtt"),
      artworkKey,
      artworkRenditions: [384, 768].map((width) => ({ key: renditionKey(artworkKey, width), width, height: width })),
    };
    await media.storage.put(files.audioKey, Readable.from([AUDIO]));
    await media.storage.put(files.transcriptKey, Readable.from([TRANSCRIPT]));
    await media.storage.put(artworkKey, Readable.from([Buffer.from("png bytes")]));
    for (const { key } of files.artworkRenditions) await media.storage.put(key, Readable.from([Buffer.from(key)]));
    const [id] = await insertEpisodes(database.db, [
      publicEpisode({ guid: `turns-premium-${episodeCount}`, title: `Turns premium ${episodeCount}`, ...files }),
    ]);
    return { id, files };
  }

  const row = async (id: number) =>
    (await rowById(database.db, podcastEpisodes, id)) as typeof podcastEpisodes.$inferSelect;

  const save = async (id: number, premium: boolean) => {
    const { version } = await row(id);
    const body = {
      title: `Saved ${id}`,
      status: "published",
      publishDate: "2025-09-11T09:00:00.000Z",
      premium,
      version,
      chapters: [],
      guests: [],
    };
    const answer = await callApi(
      database.db,
      new Request(`http://localhost/api/admin/episodes/${id}`, {
        method: "PUT",
        headers: { cookie: owner, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      { media: media.storage },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { data: { audio: { url: string } | null; transcript: { url: string } | null } };
  };

  const mediaStatus = async (key: string) => {
    const response: Response = await mediaRoute.loader({
      request: new Request(`http://localhost/media/${key}`, { method: "HEAD" }),
      params: { "*": key },
      context: routeContext(database.db, { media: media.storage }),
    } as never);
    return response.status;
  };

  const bytesAt = async (key: string) => Buffer.concat(await (await media.storage.read(key)).toArray());

  it("moves its audio, transcript and artwork to new keys and deletes the old files: the old addresses serve nothing", async () => {
    const { id, files } = await publicEpisodeWithFiles();
    expect(await mediaStatus(files.audioKey)).toBe(200);
    const answer = await save(id, true);
    const saved = await row(id);
    const before = filesOf(files);
    const after = filesOf(saved);
    expect(after).toHaveLength(before.length);
    for (const [index, key] of after.entries()) {
      expect(key).not.toBe(before[index]);
      // Same prefix and extension (a rendition stays beside its original), new id.
      expect(key.replace(/\/[^/.]+\./, "/*.")).toBe(before[index].replace(/\/[^/.]+\./, "/*."));
    }
    expect(saved.premiumMediaKeys).toBe(true);
    expect(answer.data.audio?.url).toBe(`/media/${saved.audioKey}`);
    expect(answer.data.transcript?.url).toBe(`/media/${saved.transcriptKey}`);
    expect((await bytesAt(saved.audioKey as string)).equals(AUDIO)).toBe(true);
    expect((await bytesAt(saved.transcriptKey as string)).equals(TRANSCRIPT)).toBe(true);
    for (const key of before) {
      expect(await media.storage.stat(key)).toBeNull();
      expect(await mediaStatus(key)).toBe(404);
    }
    expect(await mediaStatus(saved.audioKey as string)).toBe(403);
    expect(await mediaStatus(saved.transcriptKey as string)).toBe(403);
    expect(await mediaStatus(saved.artworkKey as string)).toBe(200);
  });

  it("keeps the keys of an episode saved again as premium; made free and premium again, gives new ones again", async () => {
    const { id } = await publicEpisodeWithFiles();
    await save(id, true);
    const premiumKeys = filesOf(await row(id));
    await save(id, true);
    expect(filesOf(await row(id))).toEqual(premiumKeys);
    await save(id, false);
    expect(await row(id)).toMatchObject({ premiumMediaKeys: false });
    expect(filesOf(await row(id))).toEqual(premiumKeys);
    await save(id, true);
    const again = filesOf(await row(id));
    expect(again.filter((key) => premiumKeys.includes(key))).toEqual([]);
  });

  it("gives new keys to an episode made premium by other means, at the next sweep", async () => {
    const { id, files } = await publicEpisodeWithFiles();
    await database.db.update(podcastEpisodes).set({ premium: true }).where(eq(podcastEpisodes.id, id));
    expect(await renewWaitingPremiumMediaKeys(database.db, media.storage)).toBe(1);
    const renewed = await row(id);
    expect(renewed.premiumMediaKeys).toBe(true);
    expect(filesOf(renewed).filter((key) => filesOf(files).includes(key))).toEqual([]);
    expect(await renewWaitingPremiumMediaKeys(database.db, media.storage)).toBe(0);
  });

  describe("cut short", () => {
    /** The storage, with copy or delete failing as a crash or a storage outage would stop them. */
    function failing(
      storage: MediaStorage,
      fail: { copyAfter?: number; delete?: boolean; onCopy?: () => Promise<void> },
    ) {
      let copies = 0;
      return {
        ...storage,
        async copy(fromKey: string, toKey: string) {
          copies += 1;
          if (fail.copyAfter !== undefined && copies > fail.copyAfter) throw new Error("storage went away");
          const copied = await storage.copy(fromKey, toKey);
          if (copies === 1) await fail.onCopy?.();
          return copied;
        },
        async delete(key: string) {
          if (fail.delete) throw new Error("storage went away");
          return storage.delete(key);
        },
      } satisfies MediaStorage;
    }

    async function expectEveryFileThere(id: number) {
      for (const key of filesOf(await row(id)))
        expect({ key, there: (await media.storage.stat(key)) !== null }).toEqual({ key, there: true });
    }

    it("while copying: the row keeps its files, no copy is left, and a later sweep renews it", async () => {
      const { id, files } = await publicEpisodeWithFiles();
      const filesBefore = await media.listFiles();
      await database.db.update(podcastEpisodes).set({ premium: true }).where(eq(podcastEpisodes.id, id));
      await expect(renewPremiumMediaKeys(database.db, failing(media.storage, { copyAfter: 2 }), id)).rejects.toThrow(
        "storage went away",
      );
      expect(filesOf(await row(id))).toEqual(filesOf(files));
      expect(await row(id)).toMatchObject({ premiumMediaKeys: false });
      await expectEveryFileThere(id);
      expect(await media.listFiles()).toEqual(filesBefore);
      expect(await renewWaitingPremiumMediaKeys(database.db, media.storage)).toBe(1);
      await expectEveryFileThere(id);
    });

    it("after the switch: the row names its new files, all there; the old ones are only left over", async () => {
      const { id, files } = await publicEpisodeWithFiles();
      await database.db.update(podcastEpisodes).set({ premium: true }).where(eq(podcastEpisodes.id, id));
      expect(await renewPremiumMediaKeys(database.db, failing(media.storage, { delete: true }), id)).toBe("renewed");
      const renewed = await row(id);
      expect(filesOf(renewed).filter((key) => filesOf(files).includes(key))).toEqual([]);
      await expectEveryFileThere(id);
      for (const key of filesOf(files)) expect(await mediaStatus(key)).toBe(404);
      await Promise.all(filesOf(files).map((key) => media.storage.delete(key)));
    });

    it("by an upload meanwhile: the row keeps what the upload made it, the copies go, and it waits for the next try", async () => {
      const { id, files } = await publicEpisodeWithFiles();
      await database.db.update(podcastEpisodes).set({ premium: true }).where(eq(podcastEpisodes.id, id));
      const uploaded = newMediaKey("episodes/transcripts", "vtt");
      await media.storage.put(uploaded, Readable.from([TRANSCRIPT]));
      const filesBefore = await media.listFiles();
      const uploadMeanwhile = async () => {
        await database.db.update(podcastEpisodes).set({ transcriptKey: uploaded }).where(eq(podcastEpisodes.id, id));
      };
      const outcome = await renewPremiumMediaKeys(database.db, failing(media.storage, { onCopy: uploadMeanwhile }), id);
      expect(outcome).toBe("changed meanwhile");
      expect(await row(id)).toMatchObject({
        audioKey: files.audioKey,
        transcriptKey: uploaded,
        premiumMediaKeys: false,
      });
      expect(await media.listFiles()).toEqual(filesBefore);
      await expectEveryFileThere(id);
      expect(await renewPremiumMediaKeys(database.db, media.storage, id)).toBe("renewed");
      await expectEveryFileThere(id);
    });
  });
});
