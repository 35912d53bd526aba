import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { MEDIA_BACKENDS, openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { metadataOf, NO_METADATA, photoWithGpsExif, storedImage } from "#tests/setup/photo-fixture";
import { rowById } from "#tests/setup/rows";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { podcastEpisodes } from "~/db/schema";
import type { EpisodeMediaField } from "~/features/episodes/episode-media";
import { replaceEpisodeAudio } from "~/features/episodes/episode-media.server";
import { mediaLimits, storeUpload } from "~/lib/media/store-upload.server";

const SAMPLE_AUDIO = readFileSync("public/attached_assets/audio/episode-1.mp3");
/** The sample's length as music-metadata reads it from the whole file: 12.07 s. */
const SAMPLE_AUDIO_SECONDS = 12;
const fixture = (name: string) => readFileSync(path.join("tests/fixtures/media", name));

type Field = EpisodeMediaField;

let database: TestDatabase;
let owner: string;
let episodeCount = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
});
afterAll(() => database.close());

async function insertPodcastEpisode() {
  episodeCount += 1;
  const [row] = await database.db
    .insert(podcastEpisodes)
    .values({
      guid: `upload-test-${episodeCount}`,
      slug: `upload-test-${episodeCount}`,
      title: `Upload test ${episodeCount}`,
      description: "An episode for upload tests.",
    })
    .returning({ id: podcastEpisodes.id });
  return row.id;
}

/** The bytes and Content-Type a browser sends for a form with this one file. */
async function multipart(field: string, bytes: Buffer, fileName: string, type: string) {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], fileName, { type }));
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") as string,
  };
}

/** A request whose body arrives in chunks and, with `failAt`, breaks off there as a reset connection does. */
function streamedRequest(
  url: string,
  method: string,
  { bytes, contentType }: { bytes: Buffer; contentType: string },
  failAt?: number,
) {
  const sent = failAt === undefined ? bytes : bytes.subarray(0, failAt);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < sent.length; offset += 16 * 1024)
        controller.enqueue(new Uint8Array(sent.subarray(offset, offset + 16 * 1024)));
      if (failAt === undefined) controller.close();
      else controller.error(new Error("the connection was reset"));
    },
  });
  return new Request(url, {
    method,
    body,
    headers: { "content-type": contentType, cookie: owner },
    duplex: "half",
  } as RequestInit);
}

const squareImage = (width: number, height = width) =>
  sharp({ create: { width, height, channels: 3, background: "#223344" } })
    .jpeg()
    .toBuffer();

describe.each(MEDIA_BACKENDS)("episode uploads on %s", (backend) => {
  let media: TestMediaStorage;
  beforeAll(async () => {
    media = await openTestMediaStorage(backend);
  });
  afterAll(() => media?.close());
  // The files earlier tests left, so that each test sees only what it stored.
  let earlierFiles: string[] = [];
  beforeEach(async () => {
    earlierFiles = await media.listFiles();
  });
  const storedFiles = async () => (await media.listFiles()).filter((file) => !earlierFiles.includes(file));

  async function upload(
    field: Field,
    id: number,
    file: { bytes: Buffer; name: string; type: string },
    options: { failAt?: number; maxAudioMb?: number } = {},
  ) {
    const body = await multipart(field, file.bytes, file.name, file.type);
    const url = `http://localhost/api/admin/episodes/${id}/${field}`;
    return callApi(database.db, streamedRequest(url, "PUT", body, options.failAt), {
      media: media.storage,
      env: { MAX_AUDIO_MB: String(options.maxAudioMb ?? 500) },
    });
  }

  const remove = (field: "artwork" | "transcript", id: number) =>
    callApi(
      database.db,
      new Request(`http://localhost/api/admin/episodes/${id}/${field}`, {
        method: "DELETE",
        headers: { cookie: owner },
      }),
      { media: media.storage },
    );

  const storedBytes = async (key: string) => Buffer.concat(await (await media.storage.read(key)).toArray());

  it("accepts the sample audio with its true bytes and duration, and leaves the version as it was", async () => {
    const id = await insertPodcastEpisode();
    const reply = await upload("audio", id, { bytes: SAMPLE_AUDIO, name: "episode-1.mp3", type: "audio/mpeg" });

    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: "Audio uploaded",
      data: {
        audio: { bytes: SAMPLE_AUDIO.length, durationSeconds: SAMPLE_AUDIO_SECONDS, mimeType: "audio/mpeg" },
        artwork: null,
        transcript: null,
      },
    });
    const row = await rowById(database.db, podcastEpisodes, id);
    expect(row).toMatchObject({
      audioLengthBytes: SAMPLE_AUDIO.length,
      durationSeconds: SAMPLE_AUDIO_SECONDS,
      audioMimeType: "audio/mpeg",
      version: 1,
    });
    expect(row?.audioKey).toMatch(/^episodes\/audio\/[\w-]+\.mp3$/);
    expect((await storedBytes(row?.audioKey as string)).equals(SAMPLE_AUDIO)).toBe(true);
    expect(await storedFiles()).toHaveLength(1);
  });

  it("takes M4A audio as audio/x-m4a", async () => {
    const id = await insertPodcastEpisode();
    const reply = await upload("audio", id, { bytes: fixture("tone.m4a"), name: "tone.m4a", type: "audio/mp4" });
    expect(reply.status).toBe(200);
    expect(await rowById(database.db, podcastEpisodes, id)).toMatchObject({
      audioMimeType: "audio/x-m4a",
      audioLengthBytes: fixture("tone.m4a").length,
      durationSeconds: 3,
    });
  });

  it("replacing the audio removes the old file", async () => {
    const id = await insertPodcastEpisode();
    await upload("audio", id, { bytes: SAMPLE_AUDIO, name: "first.mp3", type: "audio/mpeg" });
    const first = (await rowById(database.db, podcastEpisodes, id))?.audioKey as string;
    const reply = await upload("audio", id, { bytes: fixture("tone-cbr.mp3"), name: "second.mp3", type: "audio/mpeg" });

    expect(reply.status).toBe(200);
    const second = (await rowById(database.db, podcastEpisodes, id))?.audioKey as string;
    expect(second).not.toBe(first);
    expect(await media.storage.stat(first)).toBeNull();
    expect((await storedBytes(second)).equals(fixture("tone-cbr.mp3"))).toBe(true);
    expect(await rowById(database.db, podcastEpisodes, id)).toMatchObject({ durationSeconds: 3, version: 1 });
  });

  describe("refuses bad audio with a message saying why, keeping nothing and leaving the episode as it was", () => {
    async function expectRefused(
      reply: Awaited<ReturnType<typeof upload>>,
      id: number,
      status: number,
      message: RegExp,
    ) {
      expect(reply.status).toBe(status);
      expect(reply.body).toMatchObject({ success: false, message: expect.stringMatching(message) });
      const body = reply.body as { message: string; errors: Record<string, string[]> };
      expect(body.errors).toEqual({ audio: [body.message] });
      expect(await storedFiles()).toEqual([]);
      expect(await rowById(database.db, podcastEpisodes, id)).toMatchObject({ audioKey: null, durationSeconds: null });
    }

    it("a text file named .mp3 and sent as audio/mpeg: 415", async () => {
      const id = await insertPodcastEpisode();
      const text = Buffer.from("These are my show notes, not audio.\n".repeat(200));
      const reply = await upload("audio", id, { bytes: text, name: "episode.mp3", type: "audio/mpeg" });
      await expectRefused(reply, id, 415, /^The file is not MP3 or M4A audio\.$/);
    });

    it("a truncated MP3: 400, incomplete", async () => {
      const id = await insertPodcastEpisode();
      const truncated = SAMPLE_AUDIO.subarray(0, Math.floor(SAMPLE_AUDIO.length / 2) + 7);
      const reply = await upload("audio", id, { bytes: truncated, name: "episode.mp3", type: "audio/mpeg" });
      await expectRefused(reply, id, 400, /incomplete/);
    });

    it("a file over MAX_AUDIO_MB: 413", async () => {
      const id = await insertPodcastEpisode();
      const large = Buffer.concat(Array.from({ length: 24 }, () => SAMPLE_AUDIO));
      expect(large.length).toBeGreaterThan(1024 * 1024);
      const reply = await upload(
        "audio",
        id,
        { bytes: large, name: "long.mp3", type: "audio/mpeg" },
        { maxAudioMb: 1 },
      );
      await expectRefused(reply, id, 413, /^The audio file is larger than the 1 MB limit\.$/);
    });

    it("an upload cut off midway: 400, and no file, temporary file or S3 part stays", async () => {
      const id = await insertPodcastEpisode();
      const before = await storedFiles();
      const large = Buffer.concat(Array.from({ length: 8 }, () => SAMPLE_AUDIO));
      const reply = await upload(
        "audio",
        id,
        { bytes: large, name: "episode.mp3", type: "audio/mpeg" },
        { failAt: Math.floor(large.length / 2) },
      );
      await expectRefused(reply, id, 400, /interrupted/);
      expect(await storedFiles()).toEqual(before);
    });
  });

  it("a form without the file: 400 naming the field", async () => {
    const id = await insertPodcastEpisode();
    const form = new FormData();
    form.append("title", "No file here");
    const encoded = new Request("http://localhost/", { method: "POST", body: form });
    const body = {
      bytes: Buffer.from(await encoded.arrayBuffer()),
      contentType: encoded.headers.get("content-type") as string,
    };
    const reply = await callApi(
      database.db,
      streamedRequest(`http://localhost/api/admin/episodes/${id}/audio`, "PUT", body),
      { media: media.storage },
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      success: false,
      message: "Choose an audio file to upload.",
      errors: { audio: ["Choose an audio file to upload."] },
    });
  });

  it("answers 404 for an unknown episode without storing anything", async () => {
    const reply = await upload("audio", 999_999, { bytes: SAMPLE_AUDIO, name: "episode.mp3", type: "audio/mpeg" });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: "Episode not found" });
    expect(await storedFiles()).toEqual([]);
  });

  it("stores artwork without the photo's EXIF (GPS included), turned upright", async () => {
    const id = await insertPodcastEpisode();
    const photo = await photoWithGpsExif({ width: 1400, height: 1400 });
    const reply = await upload("artwork", id, { bytes: photo, name: "photo.jpg", type: "image/jpeg" });
    expect(reply.status).toBe(200);
    const { url } = (reply.body as { data: { artwork: { url: string } } }).data.artwork;
    expect(metadataOf(await storedImage(media.storage, url))).toEqual(NO_METADATA);
    await remove("artwork", id);
  });

  it("stores square artwork with its WebP renditions, replaces it, and removes it", async () => {
    const id = await insertPodcastEpisode();
    const first = await upload("artwork", id, { bytes: await squareImage(1400), name: "a.jpg", type: "image/jpeg" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      message: "Artwork uploaded",
      data: {
        artwork: {
          url: expect.stringMatching(/^\/media\/episodes\/artwork\/[\w-]+\.jpg$/),
          renditions: [
            { width: 384, height: 384 },
            { width: 768, height: 768 },
          ],
        },
      },
    });
    const firstFiles = await storedFiles();
    expect(firstFiles).toHaveLength(3);

    const second = await upload("artwork", id, { bytes: await squareImage(1600), name: "b.jpg", type: "image/jpeg" });
    expect(second.status).toBe(200);
    const row = await rowById(database.db, podcastEpisodes, id);
    expect(row?.artworkRenditions.map((rendition) => rendition.width)).toEqual([384, 768]);
    for (const key of [row?.artworkKey, ...(row?.artworkRenditions ?? []).map((r) => r.key)])
      expect(await media.storage.stat(key as string)).not.toBeNull();
    const after = await storedFiles();
    expect(after).toHaveLength(3);
    expect(after.filter((file) => firstFiles.includes(file))).toEqual([]);

    const removed = await remove("artwork", id);
    expect(removed).toMatchObject({ status: 200, body: { success: true, message: "Artwork removed" } });
    expect(await storedFiles()).toEqual([]);
    expect(await rowById(database.db, podcastEpisodes, id)).toMatchObject({
      artworkKey: null,
      artworkRenditions: [],
      version: 1,
    });
  });

  it.each([
    ["not square", 1500, 1400],
    ["too small", 1000, 1000],
  ])("refuses artwork that is %s with 400, keeping nothing and the artwork it had", async (_case, width, height) => {
    const id = await insertPodcastEpisode();
    await upload("artwork", id, { bytes: await squareImage(1400), name: "kept.jpg", type: "image/jpeg" });
    const kept = await storedFiles();
    const reply = await upload("artwork", id, {
      bytes: await squareImage(width, height),
      name: "cover.jpg",
      type: "image/jpeg",
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      success: false,
      message: expect.stringContaining("square, 1400 to 3000 pixels wide"),
      errors: { artwork: [expect.any(String)] },
    });
    expect(await storedFiles()).toEqual(kept);
  });

  it("stores a WebVTT transcript, replaces it with SRT, and removes it", async () => {
    const id = await insertPodcastEpisode();
    const vtt = await upload("transcript", id, { bytes: fixture("transcript.vtt"), name: "t.vtt", type: "text/vtt" });
    expect(vtt.body).toMatchObject({
      success: true,
      message: "Transcript uploaded",
      data: { transcript: { mimeType: "text/vtt" } },
    });
    const firstKey = (await rowById(database.db, podcastEpisodes, id))?.transcriptKey as string;

    const srt = await upload("transcript", id, { bytes: fixture("transcript.srt"), name: "t.srt", type: "text/plain" });
    expect(srt.body).toMatchObject({ success: true, data: { transcript: { mimeType: "application/x-subrip" } } });
    expect(await media.storage.stat(firstKey)).toBeNull();
    expect(await storedFiles()).toHaveLength(1);

    const removed = await remove("transcript", id);
    expect(removed).toMatchObject({ status: 200, body: { success: true, message: "Transcript removed" } });
    expect(await storedFiles()).toEqual([]);
    expect(await rowById(database.db, podcastEpisodes, id)).toMatchObject({
      transcriptKey: null,
      transcriptMimeType: null,
    });
  });

  it("refuses a transcript that is not WebVTT or SRT with 415", async () => {
    const id = await insertPodcastEpisode();
    const reply = await upload("transcript", id, {
      bytes: Buffer.from("Just some words.\n"),
      name: "t.vtt",
      type: "text/vtt",
    });
    expect(reply.status).toBe(415);
    expect(reply.body).toMatchObject({ success: false, message: "The transcript is not a WebVTT or SRT file." });
    expect(await storedFiles()).toEqual([]);
  });

  it("removes the new files when the episode was deleted while its upload was stored", async () => {
    const id = await insertPodcastEpisode();
    const stored = await storeUpload(
      media.storage,
      Readable.from([SAMPLE_AUDIO]),
      { kind: "audio", prefix: "episodes/audio" },
      mediaLimits({ MAX_AUDIO_MB: 500 }),
    );
    await database.db.delete(podcastEpisodes).where(eq(podcastEpisodes.id, id));

    expect(await replaceEpisodeAudio(database.db, media.storage, id, stored)).toBeNull();
    expect(await storedFiles()).toEqual([]);
  });

  it("refuses a DELETE of an unknown episode's transcript with 404", async () => {
    const reply = await remove("transcript", 999_999);
    expect(reply).toMatchObject({ status: 404, body: { success: false, message: "Episode not found" } });
  });

  it("answers 404 for a file kind episodes do not have, and 405 for a DELETE of the audio, which is only replaced", async () => {
    const call = (method: string, kind: string) =>
      callApi(
        database.db,
        new Request(`http://localhost/api/admin/episodes/1/${kind}`, { method, headers: { cookie: owner } }),
        { media: media.storage },
      );
    expect(await call("PUT", "video")).toMatchObject({ status: 404, body: { success: false, message: "Not found" } });
    expect(await call("DELETE", "audio")).toMatchObject({ status: 405, body: { success: false } });
    expect(await storedFiles()).toEqual([]);
  });
});
