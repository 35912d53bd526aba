import { createHash } from "node:crypto";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_BACKENDS, openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { parseEnv } from "~/lib/env.server";
import { createDiskStorage } from "./disk-storage.server";
import { MediaStorageError } from "./media-errors";
import { newMediaKey } from "./media-key";
import { createMediaStorage } from "./media-storage.server";
import { createS3Storage, S3_PART_BYTES } from "./s3-storage.server";

/** `size` bytes of a repeating pattern, so that any misplaced slice shows. */
function patternBytes(size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 7 + 3) % 251;
  return bytes;
}

/** A body that arrives in chunks of `chunkBytes`, as an upload does. */
function chunked(bytes: Buffer, chunkBytes = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += chunkBytes)
        yield bytes.subarray(offset, offset + chunkBytes);
    })(),
  );
}

/** A body that sends `bytesBeforeFailure` bytes and then fails, as a request whose client goes away does. */
function failingAfter(bytesBeforeFailure: number, failure = new Error("client went away")): Readable {
  const bytes = patternBytes(bytesBeforeFailure);
  return Readable.from(
    (async function* () {
      yield* chunked(bytes);
      throw failure;
    })(),
  );
}

const readAll = async (stream: Readable) => Buffer.concat(await stream.toArray());
const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.each(MEDIA_BACKENDS)("media storage on %s", (backend) => {
  let media: TestMediaStorage;
  beforeAll(async () => {
    media = await openTestMediaStorage(backend);
  });
  afterAll(() => media?.close());

  it("stores a stream, tells its size, type and ETag, reads it whole or by range, and deletes it", async () => {
    const { storage } = media;
    const bytes = patternBytes(100_000);
    const key = newMediaKey("episodes/audio", "mp3");
    const stored = await storage.put(key, chunked(bytes));
    expect(stored).toMatchObject({ key, size: 100_000, contentType: "audio/mpeg" });
    expect(stored.etag).toMatch(/^"[^"]+"$/);
    expect(await storage.stat(key)).toEqual(stored);

    expect((await readAll(await storage.read(key))).equals(bytes)).toBe(true);
    const middle = await readAll(await storage.read(key, { start: 1000, end: 1999 }));
    expect(middle.equals(bytes.subarray(1000, 2000))).toBe(true);
    const last = await readAll(await storage.read(key, { start: 99_990, end: 99_999 }));
    expect(last.equals(bytes.subarray(99_990))).toBe(true);

    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.read(key)).rejects.toBeInstanceOf(MediaStorageError);
    await storage.delete(key);
    expect(await media.listFiles()).toEqual([]);
  });

  it("stores a file larger than one S3 part intact", async () => {
    const bytes = patternBytes(S3_PART_BYTES + 300_000);
    const key = newMediaKey("stories/videos", "mp4");
    const stored = await media.storage.put(key, chunked(bytes));
    expect(stored.size).toBe(bytes.length);
    expect(digest(await readAll(await media.storage.read(key)))).toBe(digest(bytes));
    await media.storage.delete(key);
  });

  it.each([
    ["within the first part", 200_000],
    ["after a whole S3 part was sent", S3_PART_BYTES + 100_000],
  ])("keeps nothing of a body that fails %s, and passes its error on", async (_when, bytesBeforeFailure) => {
    const failure = new Error("client went away");
    const key = newMediaKey("episodes/audio", "mp3");
    await expect(media.storage.put(key, failingAfter(bytesBeforeFailure, failure))).rejects.toBe(failure);
    expect(await media.storage.stat(key)).toBeNull();
    expect(await media.listFiles()).toEqual([]);
  });

  it("keeps nothing when the check before commit refuses the content", async () => {
    const refusal = new Error("not audio");
    for (const size of [1000, S3_PART_BYTES + 1000]) {
      const key = newMediaKey("episodes/audio", "mp3");
      const put = media.storage.put(key, chunked(patternBytes(size)), { beforeCommit: () => Promise.reject(refusal) });
      await expect(put).rejects.toBe(refusal);
      expect(await media.storage.stat(key)).toBeNull();
    }
    expect(await media.listFiles()).toEqual([]);
  });

  it("copies a file to a new key, whole, leaving the original; a missing original is an error", async () => {
    const { storage } = media;
    const bytes = patternBytes(70_000);
    const from = newMediaKey("episodes/audio", "mp3");
    await storage.put(from, chunked(bytes));
    const to = newMediaKey("episodes/audio", "mp3");
    const copied = await storage.copy(from, to);
    expect(copied).toMatchObject({ key: to, size: 70_000, contentType: "audio/mpeg" });
    expect(digest(await readAll(await storage.read(to)))).toBe(digest(bytes));
    expect(digest(await readAll(await storage.read(from)))).toBe(digest(bytes));
    const missing = newMediaKey("episodes/audio", "mp3");
    await expect(storage.copy(missing, newMediaKey("episodes/audio", "mp3"))).rejects.toThrow(
      new MediaStorageError(`No media file ${missing}`),
    );
    await Promise.all([storage.delete(from), storage.delete(to)]);
    expect(await media.listFiles()).toEqual([]);
  });

  it("refuses malformed keys before touching storage", async () => {
    for (const key of ["../outside.mp3", "/etc/passwd", "episodes/audio/short.mp3", "episodes/abcdefghijklmnop.exe"]) {
      await expect(media.storage.put(key, chunked(patternBytes(10)))).rejects.toThrow("Not a media key");
      await expect(media.storage.stat(key)).rejects.toThrow("Not a media key");
      await expect(media.storage.delete(key)).rejects.toThrow("Not a media key");
    }
    expect(await media.listFiles()).toEqual([]);
  });

  it("lists every stored key, and no upload in progress, and answers a ping", async () => {
    const { storage } = media;
    await expect(storage.ping()).resolves.toBeUndefined();
    const keys = [newMediaKey("episodes/audio", "mp3"), newMediaKey("settings/artwork", "jpg")];
    for (const key of keys) await storage.put(key, chunked(patternBytes(100)));
    const listed: string[] = [];
    for await (const key of storage.listKeys()) listed.push(key);
    expect(listed.sort()).toEqual([...keys].sort());
    await Promise.all(keys.map((key) => storage.delete(key)));
  });
});

describe("createMediaStorage", () => {
  it("stores under DATA_DIR/media without S3 settings, and in the bucket with them", async () => {
    const media = await openTestMediaStorage("disk");
    try {
      const onDisk = await createMediaStorage(parseEnv({ DATA_DIR: media.folder }));
      expect(onDisk.kind).toBe("disk");
      const key = newMediaKey("episodes/audio", "mp3");
      await onDisk.put(key, chunked(patternBytes(10)));
      expect(await media.listFiles()).toEqual([`media/${key}`]);
    } finally {
      await media.close();
    }
    const inBucket = await createMediaStorage(
      parseEnv({
        S3_BUCKET: "podcast-media",
        S3_ENDPOINT: "http://127.0.0.1:9",
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
      }),
    );
    expect(inBucket.kind).toBe("s3");
  });
});

describe("media storage on disk", () => {
  it("has no signed URLs: files are served by the application", async () => {
    const storage = createDiskStorage(path.join(os.tmpdir(), "unused-media"));
    expect(await storage.signedUrl(newMediaKey("a", "mp3"), { expiresInSeconds: 60, cacheControl: "no-store" })).toBe(
      null,
    );
  });

  it("says in words when the media folder cannot be written, and keeps nothing", async () => {
    const media = await openTestMediaStorage("disk");
    try {
      const notAFolder = path.join(media.folder, "media");
      await writeFile(notAFolder, "a file where the media folder should be");
      const storage = createDiskStorage(notAFolder);
      const put = storage.put(newMediaKey("episodes/audio", "mp3"), chunked(patternBytes(1000)));
      await expect(put).rejects.toThrow(
        new MediaStorageError("The file could not be stored: the media folder could not be written."),
      );
    } finally {
      await media.close();
    }
  });

  it("removes temporary files that interrupted uploads of earlier processes left for more than a day", async () => {
    const media = await openTestMediaStorage("disk");
    try {
      const uploads = path.join(media.folder, ".uploads");
      await mkdir(uploads);
      await writeFile(path.join(uploads, "crashed.part"), "half a file");
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      await utimes(path.join(uploads, "crashed.part"), twoDaysAgo, twoDaysAgo);
      await writeFile(path.join(uploads, "in-progress.part"), "an upload going on now");
      expect(await media.storage.removeStaleUploads()).toBe(1);
      expect(await media.listFiles()).toEqual([".uploads/in-progress.part"]);
    } finally {
      await media.close();
    }
  });
});

describe("media storage on S3", () => {
  let media: TestMediaStorage;
  beforeAll(async () => {
    media = await openTestMediaStorage("s3");
  });
  afterAll(() => media?.close());

  it("signs a short-lived URL that serves the bytes, ranges included, with the given caching", async () => {
    const bytes = patternBytes(5000);
    const key = newMediaKey("members/premium-audio", "mp3");
    await media.storage.put(key, chunked(bytes));
    const url = await media.storage.signedUrl(key, {
      expiresInSeconds: 60,
      cacheControl: "private, no-store",
      contentDisposition: 'attachment; filename="episode.mp3"',
    });
    expect(url).toMatch(/X-Amz-Expires=60/);
    const whole = await fetch(url as string);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("cache-control")).toBe("private, no-store");
    expect(whole.headers.get("content-disposition")).toBe('attachment; filename="episode.mp3"');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const range = await fetch(url as string, { headers: { Range: "bytes=100-199" } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    await media.storage.delete(key);
  });

  it("copies an object larger than one CopyObject request takes through this server", async () => {
    const settings = media.s3Settings;
    if (!settings) throw new Error("the S3 test storage has settings");
    const storage = createS3Storage(settings, { copyObjectMaxBytes: 1000 });
    const bytes = patternBytes(5000);
    const from = newMediaKey("episodes/audio", "mp3");
    await storage.put(from, chunked(bytes, 1000));
    const to = newMediaKey("episodes/audio", "mp3");
    expect(await storage.copy(from, to)).toMatchObject({ key: to, size: 5000 });
    expect(digest(await readAll(await storage.read(to)))).toBe(digest(bytes));
    await Promise.all([storage.delete(from), storage.delete(to)]);
  });

  it("says the service failed, with its error code, and keeps nothing", async () => {
    const settings = media.s3Settings;
    if (!settings) throw new Error("the S3 test storage has settings");
    const storage = createS3Storage({ ...settings, bucket: "no-such-bucket" });
    const put = storage.put(newMediaKey("episodes/audio", "mp3"), chunked(patternBytes(1000)));
    await expect(put).rejects.toThrow(
      new MediaStorageError("The file could not be stored: the storage service failed (NoSuchBucket)."),
    );
    expect(await media.listFiles()).toEqual([]);
  });

  it("fails a ping when the bucket is missing", async () => {
    const settings = media.s3Settings;
    if (!settings) throw new Error("the S3 test storage has settings");
    await expect(createS3Storage({ ...settings, bucket: "no-such-bucket" }).ping()).rejects.toThrow();
  });
});
