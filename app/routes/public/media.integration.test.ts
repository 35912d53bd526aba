import { createReadStream, readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeContext } from "#tests/setup/call-route";
import { insertEpisodes, publicEpisode } from "#tests/setup/episode-fixtures";
import { MEDIA_BACKENDS, openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { signInMember, signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { newMediaKey, renditionKey } from "~/lib/media/media-key";
import { loader } from "./media";

const AUDIO_FIXTURE = "tests/fixtures/media/tone-cbr.mp3";
const audioBytes = readFileSync(AUDIO_FIXTURE);
const SIZE = audioBytes.length;
const IMMUTABLE = "public, max-age=31536000, immutable, no-transform";
const PRIVATE = "private, no-store, no-transform";

type Answer = { status: number; headers: Headers; body: Buffer; redirected: boolean };

describe.each(MEDIA_BACKENDS)("GET /media/* from %s", (backend) => {
  let database: TestDatabase;
  let media: TestMediaStorage;
  const keys = {
    audio: newMediaKey("episodes/audio", "mp3"),
    transcript: newMediaKey("episodes/transcripts", "vtt"),
    artwork: newMediaKey("episodes/artwork", "png"),
    premiumAudio: newMediaKey("episodes/audio", "mp3"),
    draftAudio: newMediaKey("episodes/audio", "mp3"),
    laterAudio: newMediaKey("episodes/audio", "mp3"),
    stray: newMediaKey("episodes/audio", "mp3"),
  };
  const rendition = renditionKey(keys.artwork, 384);

  beforeAll(async () => {
    database = await createTestDatabase();
    media = await openTestMediaStorage(backend);
    for (const key of [keys.audio, keys.premiumAudio, keys.draftAudio, keys.laterAudio, keys.stray]) {
      await media.storage.put(key, createReadStream(AUDIO_FIXTURE));
    }
    await media.storage.put(
      keys.transcript,
      Readable.from([Buffer.from("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n")]),
    );
    await media.storage.put(keys.artwork, Readable.from([Buffer.from("png bytes")]));
    await media.storage.put(rendition, Readable.from([Buffer.from("webp bytes")]));
    await insertEpisodes(database.db, [
      publicEpisode({
        guid: "public",
        title: "Public",
        audioKey: keys.audio,
        transcriptKey: keys.transcript,
        artworkKey: keys.artwork,
        artworkRenditions: [{ key: rendition, width: 384, height: 384 }],
      }),
      publicEpisode({ guid: "premium", title: "Premium", audioKey: keys.premiumAudio, premium: true }),
      publicEpisode({ guid: "draft", title: "Draft", status: "draft", audioKey: keys.draftAudio }),
      publicEpisode({
        guid: "later",
        title: "Later",
        status: "scheduled",
        publishDate: new Date(Date.now() + 3_600_000),
        audioKey: keys.laterAudio,
      }),
    ]);
  }, 30_000);
  afterAll(async () => {
    await media?.close();
    await database?.close();
  });

  /** Asks the route, then follows an S3 redirect with the same headers, as a browser or podcast app would. */
  async function get(key: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    const request = new Request(`http://localhost/media/${key}`, init);
    const response: Response = await loader({
      request,
      params: { "*": key },
      context: routeContext(database.db, { media: media.storage }),
    } as never);
    if (response.status === 307) {
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const followed = await fetch(response.headers.get("Location") as string, init);
      const body = Buffer.from(await followed.arrayBuffer());
      return { status: followed.status, headers: followed.headers, body, redirected: true };
    }
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
      redirected: false,
    };
  }

  it("serves a public episode's audio whole, cached for a year, from S3 through a signed redirect", async () => {
    const answer = await get(keys.audio);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(audioBytes)).toBe(true);
    expect(answer.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(answer.headers.get("Cache-Control")).toBe(IMMUTABLE);
    expect(answer.redirected).toBe(backend === "s3");
  });

  const ranges: [string, string, number, number][] = [
    ["the first bytes", "bytes=0-99", 0, 99],
    ["a middle range", "bytes=1000-1999", 1000, 1999],
    ["a suffix", "bytes=-500", SIZE - 500, SIZE - 1],
  ];
  // s3rver reads a suffix range as bytes=0-n (S3 follows RFC 9110): on S3 the suffix is held to the HEAD answer.
  it.each(ranges)("answers %s (%s) with 206 and that slice", async (_name, range, start, end) => {
    const head = await get(keys.audio, { method: "HEAD", headers: { Range: range } });
    expect(head.status).toBe(206);
    expect(head.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(head.headers.get("Content-Length")).toBe(String(end - start + 1));
    if (backend === "s3" && range.startsWith("bytes=-")) return;
    const answer = await get(keys.audio, { headers: { Range: range } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(answer.body.equals(audioBytes.subarray(start, end + 1))).toBe(true);
  });

  it("answers a range past the end with 416 and the file's size", async () => {
    const answer = await get(keys.audio, { headers: { Range: `bytes=${SIZE}-${SIZE + 100}` } });
    expect(answer.status).toBe(416);
    expect(answer.headers.get("Content-Range")).toBe(`bytes */${SIZE}`);
  });

  it("answers HEAD with the length, range support and ETag, and 304 to a matching If-None-Match", async () => {
    const head = await get(keys.audio, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.get("Content-Length")).toBe(String(SIZE));
    expect(head.headers.get("Accept-Ranges")).toBe("bytes");
    const etag = head.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get(keys.audio, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("serves the episode's transcript, artwork and artwork renditions", async () => {
    expect((await get(keys.transcript)).body.toString()).toContain("Hello");
    expect((await get(keys.artwork)).body.toString()).toBe("png bytes");
    const webp = await get(rendition);
    expect(webp.body.toString()).toBe("webp bytes");
    expect(webp.headers.get("Content-Type")).toBe("image/webp");
  });

  it("answers 404 for a key no episode names, a malformed key, and a draft's or a future episode's audio", async () => {
    for (const key of [keys.stray, "episodes/../secret.mp3", "nothing", keys.draftAudio, keys.laterAudio]) {
      expect({ key, status: (await get(key)).status }).toEqual({ key, status: 404 });
    }
  });

  it("lets the owner hear any episode's audio, for the editor's preview, uncached", async () => {
    const cookie = await signInOwner(database.db);
    for (const key of [keys.draftAudio, keys.laterAudio, keys.premiumAudio]) {
      const answer = await get(key, { method: "HEAD", headers: { cookie } });
      expect({ key, status: answer.status, caching: answer.headers.get("Cache-Control") }).toEqual({
        key,
        status: 200,
        caching: PRIVATE,
      });
    }
  });

  it("serves premium audio to premium members only, never cached", async () => {
    expect((await get(keys.premiumAudio)).status).toBe(403);
    const free = await signInMember(database.db, "free");
    expect((await get(keys.premiumAudio, { headers: { cookie: free.cookie } })).status).toBe(403);
    const premium = await signInMember(database.db, "premium");
    const answer = await get(keys.premiumAudio, { method: "HEAD", headers: { cookie: premium.cookie } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe(PRIVATE);
    expect(answer.headers.get("Content-Length")).toBe(String(SIZE));
  });

  it("gives no storage address for premium audio (this server streams it), and public audio one of an hour", async () => {
    const premium = await signInMember(database.db, "premium");
    const answerFor = async (key: string, cookie?: string) => {
      const response: Response = await loader({
        request: new Request(`http://localhost/media/${key}`, {
          headers: { Range: "bytes=0-99", ...(cookie ? { cookie } : {}) },
        }),
        params: { "*": key },
        context: routeContext(database.db, { media: media.storage }),
      } as never);
      const location = response.headers.get("Location");
      return { status: response.status, expires: location && new URL(location).searchParams.get("X-Amz-Expires") };
    };
    expect({
      premium: await answerFor(keys.premiumAudio, premium.cookie),
      public: await answerFor(keys.audio),
    }).toEqual({
      premium: { status: 206, expires: null },
      public: backend === "s3" ? { status: 307, expires: "3600" } : { status: 206, expires: null },
    });
  });
});
