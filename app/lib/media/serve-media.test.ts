import { once } from "node:events";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_BACKENDS, openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { newMediaKey } from "./media-key";
import { nodeBodyOf } from "./node-body.server";
import { type ServeMediaOptions, serveMedia } from "./serve-media.server";

const SIZE = 10_000;
const bytes = Buffer.allocUnsafe(SIZE);
for (let index = 0; index < SIZE; index++) bytes[index] = (index * 13 + 5) % 256;

const IMMUTABLE = "public, max-age=31536000, immutable, no-transform";

const RANGES: [string, string, number, number][] = [
  ["the first bytes", "bytes=0-99", 0, 99],
  ["a middle range", "bytes=4000-4999", 4000, 4999],
  ["a suffix", "bytes=-500", SIZE - 500, SIZE - 1],
  ["an open-ended range", "bytes=9000-", 9000, SIZE - 1],
  ["a range running past the end, cut at the end", "bytes=9990-20000", 9990, SIZE - 1],
  ["a suffix longer than the file, which is the whole file", "bytes=-20000", 0, SIZE - 1],
];

type Answer = { status: number; headers: Headers; body: Buffer; redirectedTo: string | null };

/**
 * Asks serveMedia as a route would, then, like a browser or podcast app, follows a redirect with the same request
 * headers, so that both backends are held to the same answers.
 */
async function request(
  media: TestMediaStorage,
  key: string,
  init: { method?: string; headers?: Record<string, string> } = {},
  options: ServeMediaOptions = { caching: "immutable" },
): Promise<Answer> {
  const served = await serveMedia(new Request("http://site.test/media", init), media.storage, key, options);
  if (served.status === 307) {
    const location = served.headers.get("Location") as string;
    expect(served.headers.get("Cache-Control")).toBe("no-store");
    const followed = await fetch(location, init);
    return {
      status: followed.status,
      headers: followed.headers,
      body: Buffer.from(await followed.arrayBuffer()),
      redirectedTo: location,
    };
  }
  return {
    status: served.status,
    headers: served.headers,
    body: Buffer.from(await served.arrayBuffer()),
    redirectedTo: null,
  };
}

describe.each(MEDIA_BACKENDS)("serving media from %s", (backend) => {
  let media: TestMediaStorage;
  let key: string;
  let etag: string;
  beforeAll(async () => {
    media = await openTestMediaStorage(backend);
    key = newMediaKey("episodes/audio", "mp3");
    etag = (await media.storage.put(key, Readable.from([bytes]))).etag;
  });
  afterAll(() => media?.close());

  it("answers a GET with the whole file, its type, length, ETag, range support and long caching", async () => {
    const answer = await request(media, key);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(bytes)).toBe(true);
    expect(answer.headers.get("Content-Type")).toBe("audio/mpeg");
    expect(answer.headers.get("Content-Length")).toBe(String(SIZE));
    expect(answer.headers.get("Cache-Control")).toBe(IMMUTABLE);
    expect(answer.headers.get("ETag")).toBe(etag);
    expect(answer.redirectedTo !== null).toBe(backend === "s3");
    if (backend === "disk") expect(answer.headers.get("Accept-Ranges")).toBe("bytes");
  });

  // From S3 the range is served by the bucket after the redirect. s3rver 3.7 reads a suffix range `bytes=-n` as
  // `bytes=0-n` (S3 follows RFC 9110), so on S3 suffix ranges are held to the HEAD answers below, which this module
  // computes itself.
  const ranges = RANGES.filter(([, range]) => backend === "disk" || !range.startsWith("bytes=-"));
  it.each(ranges)("answers %s with 206 and exactly those bytes", async (_what, range, start, end) => {
    const answer = await request(media, key, { headers: { Range: range } });
    expect(answer.status).toBe(206);
    expect(answer.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(answer.headers.get("Content-Length")).toBe(String(end - start + 1));
    expect(answer.body.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it("answers a range that starts past the end with 416 and the file's size, without a redirect", async () => {
    for (const method of ["GET", "HEAD"]) {
      const answer = await request(media, key, { method, headers: { Range: `bytes=${SIZE}-` } });
      expect(answer.status).toBe(416);
      expect(answer.headers.get("Content-Range")).toBe(`bytes */${SIZE}`);
      expect(answer.redirectedTo).toBeNull();
    }
  });

  it("answers HEAD with the headers of the GET and no body, itself, ranges included", async () => {
    const whole = await serveMedia(new Request("http://site.test/m", { method: "HEAD" }), media.storage, key, {
      caching: "immutable",
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Length")).toBe(String(SIZE));
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect(whole.headers.get("ETag")).toBe(etag);
    expect(await whole.arrayBuffer()).toHaveProperty("byteLength", 0);
  });

  it.each(RANGES)("answers HEAD for %s with 206 and its Content-Range", async (_what, range, start, end) => {
    const answer = await serveMedia(
      new Request("http://site.test/m", { method: "HEAD", headers: { Range: range } }),
      media.storage,
      key,
      { caching: "immutable" },
    );
    expect(answer.status).toBe(206);
    expect(answer.headers.get("Content-Range")).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(answer.headers.get("Content-Length")).toBe(String(end - start + 1));
  });

  it("answers 304 to If-None-Match with the current ETag, before any redirect", async () => {
    const served = await serveMedia(
      new Request("http://site.test/m", { headers: { "If-None-Match": `"other", ${etag}` } }),
      media.storage,
      key,
      { caching: "immutable" },
    );
    expect(served.status).toBe(304);
    expect(served.headers.get("ETag")).toBe(etag);
    expect(served.headers.get("Cache-Control")).toBe(IMMUTABLE);
    const changed = await request(media, key, { headers: { "If-None-Match": '"other"' } });
    expect(changed.status).toBe(200);
  });

  it("honours If-Range: the range while the ETag holds, the whole file once it does not", async () => {
    const holds = await request(media, key, { headers: { Range: "bytes=0-9", "If-Range": etag } });
    expect(holds.status).toBe(206);
    const stale = await request(media, key, { headers: { Range: "bytes=0-9", "If-Range": '"an-old-version"' } });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(bytes)).toBe(true);
  });

  it("serves private media with private, no-store and the file name asked for", async () => {
    const answer = await request(
      media,
      key,
      {},
      {
        caching: "private",
        download: { fileName: "Épisode 1.mp3", disposition: "attachment" },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store, no-transform");
    expect(answer.headers.get("Content-Disposition")).toBe(
      "attachment; filename=\"_pisode 1.mp3\"; filename*=UTF-8''%C3%89pisode%201.mp3",
    );
    expect(answer.body.equals(bytes)).toBe(true);
  });

  it("redirects public media to an S3 address of an hour and a private download to one of five minutes, and streams private media to play itself", async () => {
    const answers: Record<string, { status: number; expires: string | null }> = {};
    const cases: Record<string, ServeMediaOptions> = {
      public: { caching: "immutable" },
      "private download": { caching: "private", download: { fileName: "Guide.pdf", disposition: "attachment" } },
      "private to play": { caching: "private" },
    };
    for (const [name, options] of Object.entries(cases)) {
      const served = await serveMedia(new Request("http://site.test/media"), media.storage, key, options);
      const location = served.headers.get("Location");
      answers[name] = {
        status: served.status,
        expires: location && new URL(location).searchParams.get("X-Amz-Expires"),
      };
      if (location) expect((await fetch(location)).status).toBe(200);
      else expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(answers).toEqual(
      backend === "s3"
        ? {
            public: { status: 307, expires: "3600" },
            "private download": { status: 307, expires: "300" },
            "private to play": { status: 200, expires: null },
          }
        : {
            public: { status: 200, expires: null },
            "private download": { status: 200, expires: null },
            "private to play": { status: 200, expires: null },
          },
    );
  });

  it("streams a range of private media to play from storage itself, on S3 too", async () => {
    const answer = await request(media, key, { headers: { Range: "bytes=100-199" } }, { caching: "private" });
    expect(answer.redirectedTo).toBeNull();
    expect(answer.status).toBe(206);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store, no-transform");
    expect(answer.body.equals(bytes.subarray(100, 200))).toBe(true);
  });

  it("answers 404 for a key that holds nothing, and 405 to other methods", async () => {
    const missing = await request(media, newMediaKey("episodes/audio", "mp3"));
    expect(missing.status).toBe(404);
    const post = await request(media, key, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("serving media from disk", () => {
  it("ignores ranges it does not serve (several ranges, other units, malformed) and sends the whole file", async () => {
    const media = await openTestMediaStorage("disk");
    try {
      const key = newMediaKey("episodes/audio", "mp3");
      await media.storage.put(key, Readable.from([bytes]));
      for (const range of ["bytes=0-1,5-6", "items=0-5", "bytes=abc", "bytes=5-1"]) {
        const answer = await request(media, key, { headers: { Range: range } });
        expect(answer.status, range).toBe(200);
        expect(answer.body.length).toBe(SIZE);
      }
    } finally {
      await media.close();
    }
  });

  it("closes the file when the request is aborted before its answer is read", async () => {
    const media = await openTestMediaStorage("disk");
    try {
      const key = newMediaKey("episodes/audio", "mp3");
      await media.storage.put(key, Readable.from([bytes]));
      const client = new AbortController();
      const served = await serveMedia(
        new Request("http://site.test/media", { signal: client.signal }),
        media.storage,
        key,
        {
          caching: "immutable",
        },
      );
      const file = nodeBodyOf(served) as Readable;
      expect(file.destroyed).toBe(false);
      const closed = once(file, "close");
      client.abort();
      await closed;
      expect(file.destroyed).toBe(true);
    } finally {
      await media.close();
    }
  });
});
