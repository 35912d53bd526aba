import { readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_BACKENDS, openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { metadataOf, NO_METADATA, photoWithGpsExif } from "#tests/setup/photo-fixture";
import { PODCAST_ARTWORK_RULES } from "./checks/image.server";
import { createDiskStorage } from "./disk-storage.server";
import { MediaUploadError } from "./media-errors";
import { createS3Storage } from "./s3-storage.server";
import { type MediaUploadSpec, mediaLimits, storeUpload } from "./store-upload.server";

const fixture = (name: string) => readFileSync(path.join("tests/fixtures/media", name));
const limits = mediaLimits({ MAX_AUDIO_MB: 1 });

/** A body that arrives in chunks, as an upload does. */
function uploadBody(bytes: Buffer, chunkBytes = 4096): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += chunkBytes)
        yield bytes.subarray(offset, offset + chunkBytes);
    })(),
  );
}

const readAll = async (stream: Readable) => Buffer.concat(await stream.toArray());

const image = (width: number, height: number, format: "jpeg" | "png" | "webp" | "gif" = "jpeg") =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 60, b: 200 } } })
    .toFormat(format)
    .toBuffer();

/** The MP3 fixture with its Info header declaring twice the frames the file holds. */
function mp3DeclaringTwiceItsFrames(): Buffer {
  const bytes = Buffer.from(fixture("tone-cbr.mp3"));
  const info = bytes.indexOf("Info");
  const frames = bytes.readUInt32BE(info + 8);
  bytes.writeUInt32BE(frames * 2, info + 8);
  return bytes;
}

describe.each(MEDIA_BACKENDS)("storing uploads on %s", (backend) => {
  let media: TestMediaStorage;
  beforeAll(async () => {
    media = await openTestMediaStorage(backend);
  });
  afterAll(() => media?.close());

  const store = <Spec extends MediaUploadSpec>(bytes: Buffer, spec: Spec) =>
    storeUpload(media.storage, uploadBody(bytes), spec, limits, "file");

  /** Expects the upload to be refused with this problem and message, leaving nothing stored. */
  async function expectRefused(bytes: Buffer | Readable, spec: MediaUploadSpec, problem: string, message: string) {
    const body = Buffer.isBuffer(bytes) ? uploadBody(bytes) : bytes;
    const error = await storeUpload(media.storage, body, spec, limits, "file").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaUploadError);
    expect(error).toMatchObject({ problem, message, field: "file" });
    expect(await media.listFiles()).toEqual([]);
  }

  describe("audio", () => {
    const spec = { kind: "audio", prefix: "episodes/audio" } as const;

    it.each([
      ["an MP3 with an Info header", "tone-cbr.mp3", "mp3", "audio/mpeg"],
      ["a variable-rate MP3 with a Xing header", "tone-vbr.mp3", "mp3", "audio/mpeg"],
      ["an M4A (AAC)", "tone.m4a", "m4a", "audio/x-m4a"],
    ])("stores %s with the type and duration read from its content", async (_what, name, extension, type) => {
      const bytes = fixture(name);
      const stored = await store(bytes, spec);
      expect(stored.key).toMatch(new RegExp(`^episodes/audio/[A-Za-z0-9_-]{22}\\.${extension}$`));
      expect(stored).toMatchObject({ kind: "audio", contentType: type, size: bytes.length, renditions: [] });
      expect(stored.details.durationSeconds).toBeCloseTo(3, 0);
      expect((await readAll(await media.storage.read(stored.key))).equals(bytes)).toBe(true);
      await media.storage.delete(stored.key);
    });

    it("refuses a text file, whatever it is called", async () => {
      const text = Buffer.from("These are my show notes, saved as episode.mp3 by mistake.\n".repeat(50));
      await expectRefused(text, spec, "wrong-type", "The file is not MP3 or M4A audio.");
    });

    it("refuses other audio formats (Ogg Opus) and video", async () => {
      await expectRefused(fixture("tone.opus"), spec, "wrong-type", "The file is not MP3 or M4A audio.");
      await expectRefused(
        fixture("clip.mp4"),
        spec,
        "wrong-type",
        "The file holds video: upload the audio alone, as MP3 or M4A.",
      );
    });

    it("refuses an MP3 that ends in the middle of a frame", async () => {
      const bytes = fixture("tone-cbr.mp3");
      await expectRefused(
        bytes.subarray(0, Math.floor(bytes.length / 2)),
        spec,
        "truncated",
        "The MP3 file is incomplete: it ends in the middle of an audio frame.",
      );
    });

    it("refuses an MP3 holding fewer frames than its header declares", async () => {
      await expectRefused(
        mp3DeclaringTwiceItsFrames(),
        spec,
        "truncated",
        "The MP3 file is incomplete: its header declares 6 seconds of audio but the file holds 3.",
      );
    });

    it("refuses an M4A cut short", async () => {
      const bytes = fixture("tone.m4a");
      await expectRefused(
        bytes.subarray(0, bytes.length - 2000),
        spec,
        "truncated",
        "The M4A file is incomplete: it ends before the data it announces.",
      );
    });

    it("refuses a file over MAX_AUDIO_MB as soon as it passes the limit", async () => {
      const oversized = Buffer.concat([fixture("tone-cbr.mp3"), Buffer.alloc(1024 * 1024)]);
      await expectRefused(oversized, spec, "too-large", "The audio file is larger than the 1 MB limit.");
    });

    it("refuses an empty file", async () => {
      await expectRefused(Buffer.alloc(0), spec, "invalid", "The audio file is empty.");
    });

    it("keeps nothing of an upload whose body fails midway", async () => {
      const bytes = fixture("tone-cbr.mp3");
      const cutOff = Readable.from(
        (async function* () {
          yield bytes.subarray(0, 6000);
          throw new Error("socket hang up");
        })(),
      );
      await expectRefused(
        cutOff,
        spec,
        "aborted",
        "The upload was interrupted before the file was complete: please try again.",
      );
    });
  });

  describe("images", () => {
    const artwork = {
      kind: "image",
      prefix: "episodes/artwork",
      rules: PODCAST_ARTWORK_RULES,
      renditionWidths: [384, 768],
    } as const;

    it("stores podcast artwork with WebP renditions at the widths asked for", async () => {
      const bytes = await image(1400, 1400);
      const stored = await store(bytes, artwork);
      expect(stored).toMatchObject({ contentType: "image/jpeg", details: { width: 1400, height: 1400 } });
      expect(stored.renditions.map(({ width, height, contentType }) => ({ width, height, contentType }))).toEqual([
        { width: 384, height: 384, contentType: "image/webp" },
        { width: 768, height: 768, contentType: "image/webp" },
      ]);
      const [small] = stored.renditions;
      expect(small.key).toBe(stored.key.replace(/\.jpg$/, ".w384.webp"));
      const metadata = await sharp(await readAll(await media.storage.read(small.key))).metadata();
      expect(metadata).toMatchObject({ format: "webp", width: 384, height: 384 });
      expect((await media.listFiles()).length).toBe(3);
      await Promise.all([stored.key, ...stored.renditions.map((r) => r.key)].map((key) => media.storage.delete(key)));
    });

    it("stores a PNG without rules, and never makes a rendition wider than the original", async () => {
      const stored = await store(await image(300, 200, "png"), {
        kind: "image",
        prefix: "insights/covers",
        renditionWidths: [640],
      });
      expect(stored).toMatchObject({ contentType: "image/png", details: { width: 300, height: 200 } });
      expect(stored.renditions.map((r) => [r.width, r.height])).toEqual([[300, 200]]);
      await Promise.all([stored.key, ...stored.renditions.map((r) => r.key)].map((key) => media.storage.delete(key)));
    });

    it.each(["jpeg", "png"] as const)(
      "stores a %s photo without its EXIF (GPS included), upright, in its own format",
      async (format) => {
        const photo = await photoWithGpsExif({ format });
        const uploaded = await sharp(photo).metadata();
        expect(uploaded).toMatchObject({ width: 40, height: 20, orientation: 6 });
        expect(uploaded.exif?.toString("latin1")).toContain("Phone");
        const stored = await store(photo, { kind: "image", prefix: "insights/covers", renditionWidths: [16] });
        const original = await readAll(await media.storage.read(stored.key));
        const kept = await sharp(original).metadata();
        expect(kept).toMatchObject({ format, width: 20, height: 40 });
        expect(metadataOf(kept)).toEqual(NO_METADATA);
        expect(original.includes("Phone")).toBe(false);
        expect(stored).toMatchObject({ size: original.length, details: { width: 20, height: 40 } });
        const { data, info } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
        const pixel = (x: number, y: number) => {
          const at = (y * info.width + x) * info.channels;
          return [...data.subarray(at, at + 3)];
        };
        // Turned as the EXIF said: the left half (red) is on top.
        expect(pixel(10, 5)[0]).toBeGreaterThan(200);
        expect(pixel(10, 35)[2]).toBeGreaterThan(200);
        const rendition = await sharp(await readAll(await media.storage.read(stored.renditions[0].key))).metadata();
        expect(rendition).toMatchObject({ width: 16, height: 32 });
        expect(rendition.exif).toBeUndefined();
        await Promise.all([stored.key, ...stored.renditions.map((r) => r.key)].map((key) => media.storage.delete(key)));
      },
    );

    it.each([
      [1200, 800, "1200 × 800"],
      [1000, 1000, "1000 × 1000"],
      [3200, 3200, "3200 × 3200"],
    ])("refuses artwork of %i × %i pixels, saying what it must be", async (width, height, size) => {
      await expectRefused(
        await image(width, height),
        artwork,
        "invalid",
        `The image must be square, 1400 to 3000 pixels wide, 1400 to 3000 pixels high: this one is ${size} pixels.`,
      );
    });

    it("refuses images that are not JPEG or PNG, and files that are not images", async () => {
      for (const bytes of [await image(1400, 1400, "webp"), await image(1400, 1400, "gif"), fixture("resource.pdf")])
        await expectRefused(bytes, artwork, "wrong-type", "The image is not a JPEG or PNG file.");
    });

    it("refuses a JPEG cut short", async () => {
      const noisy = await sharp(Buffer.from(Array.from({ length: 600 * 600 * 3 }, (_, i) => (i * 2654435761) % 256)), {
        raw: { width: 600, height: 600, channels: 3 },
      })
        .jpeg()
        .toBuffer();
      await expectRefused(
        noisy.subarray(0, Math.floor(noisy.length * 0.6)),
        { kind: "image", prefix: "insights/covers" },
        "truncated",
        "The image file is incomplete or damaged: it could not be read to its last row.",
      );
    });
  });

  describe("videos, transcripts, chapters and resource files", () => {
    it.each([
      ["an MP4 video", "clip.mp4", { kind: "video", prefix: "stories/videos" }, "video/mp4"],
      ["a WebM video", "clip.webm", { kind: "video", prefix: "stories/videos" }, "video/webm"],
      [
        "a WebVTT transcript",
        "transcript.vtt",
        { kind: "transcript", prefix: "episodes/transcripts" },
        "text/vtt; charset=utf-8",
      ],
      [
        "an SRT transcript",
        "transcript.srt",
        { kind: "transcript", prefix: "episodes/transcripts" },
        "application/x-subrip; charset=utf-8",
      ],
      [
        "JSON chapters",
        "chapters.json",
        { kind: "chapters", prefix: "episodes/chapters" },
        "application/json+chapters",
      ],
      ["a PDF", "resource.pdf", { kind: "resource", prefix: "members/resources" }, "application/pdf"],
      ["a ZIP archive", "resource.zip", { kind: "resource", prefix: "members/resources" }, "application/zip"],
    ] as const)("stores %s", async (_what, name, spec, type) => {
      const stored = await store(fixture(name), spec);
      expect(stored.contentType).toBe(type);
      await media.storage.delete(stored.key);
    });

    it("reads what the checks learn: cue counts and formats, chapter counts, video duration", async () => {
      const vtt = await store(fixture("transcript.vtt"), { kind: "transcript", prefix: "t" });
      const srt = await store(fixture("transcript.srt"), { kind: "transcript", prefix: "t" });
      const chapters = await store(fixture("chapters.json"), { kind: "chapters", prefix: "c" });
      const video = await store(fixture("clip.webm"), { kind: "video", prefix: "v" });
      expect([vtt.details, srt.details, chapters.details]).toEqual([
        { format: "webvtt", cueCount: 2 },
        { format: "srt", cueCount: 2 },
        { chapterCount: 2 },
      ]);
      expect(video.details.durationSeconds).toBeCloseTo(1, 0);
      await Promise.all([vtt, srt, chapters, video].map((stored) => media.storage.delete(stored.key)));
    });

    it.each([
      [
        "an MP3 as a video",
        "tone-cbr.mp3",
        { kind: "video", prefix: "v" },
        "wrong-type",
        "The video is not an MP4 or WebM file.",
      ],
      [
        "an MP4 cut short",
        "clip.mp4:-500",
        { kind: "video", prefix: "v" },
        "truncated",
        "The MP4 video is incomplete: it ends before the data it announces.",
      ],
      [
        "a PDF as a transcript",
        "resource.pdf",
        { kind: "transcript", prefix: "t" },
        "wrong-type",
        "The transcript is not a WebVTT or SRT file.",
      ],
      [
        "a PDF cut short",
        "resource.pdf:-10",
        { kind: "resource", prefix: "r" },
        "truncated",
        "The PDF file is incomplete: its end-of-file marker is missing.",
      ],
      [
        "a ZIP cut short",
        "resource.zip:-30",
        { kind: "resource", prefix: "r" },
        "truncated",
        "The ZIP file is incomplete: its closing directory is missing.",
      ],
      [
        "an MP3 as a resource",
        "tone-cbr.mp3",
        { kind: "resource", prefix: "r" },
        "wrong-type",
        "The file is not a PDF or ZIP file.",
      ],
      [
        "a video as chapters",
        "clip.webm",
        { kind: "chapters", prefix: "c" },
        "wrong-type",
        "The chapters file is not Podcasting 2.0 JSON chapters.",
      ],
    ] as const)("refuses %s", async (_what, source, spec, problem, message) => {
      const [name, cut] = source.split(":");
      const bytes = fixture(name);
      await expectRefused(cut ? bytes.subarray(0, bytes.length + Number(cut)) : bytes, spec, problem, message);
    });

    it.each([
      [
        "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfine\n\nnot a timing line\nhello\n",
        "The transcript could not be read: line 7: expected a timing such as 00:00:01.000 --> 00:00:04.000.",
      ],
      ["WEBVTT\n\nNOTE nothing else\n", "The transcript could not be read: it holds no cues."],
      [
        "1\n00:00:05,000 --> 00:00:01,000\nbackwards\n",
        "The transcript could not be read: line 2: the cue ends before it starts.",
      ],
    ])("refuses a transcript that does not parse: %j", async (text, message) => {
      await expectRefused(Buffer.from(text), { kind: "transcript", prefix: "t" }, "invalid", message);
    });

    it.each([
      [
        '{"version":"1.2.0","chapters":[{"startTime":5},{"startTime":1}]}',
        "The chapters file could not be read: chapters: chapters must be in order of their start times, each starting later than the one before.",
      ],
      [
        '{"version":"1.2.0","chapters":[{"startTime":0,"url":"javascript:alert(1)"}]}',
        "The chapters file could not be read: chapters.0.url: Enter a link starting with http:// or https://.",
      ],
      ['{"version":"1.2.0","chapters":[', "The chapters file could not be read: it is not valid JSON."],
    ])("refuses chapters that are not valid: %s", async (json, message) => {
      await expectRefused(Buffer.from(json), { kind: "chapters", prefix: "c" }, "invalid", message);
    });
  });

  it("answers a storage failure with a clear message and a 503, keeping nothing", async () => {
    const broken =
      backend === "s3" && media.s3Settings
        ? createS3Storage({ ...media.s3Settings, bucket: "no-such-bucket" })
        : createDiskStorage(path.join(fixtureFolderAsFile(), "media"));
    const error = await storeUpload(
      broken,
      uploadBody(fixture("tone-cbr.mp3")),
      { kind: "audio", prefix: "a" },
      limits,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaUploadError);
    expect(error).toMatchObject({
      problem: "storage-failed",
      status: 503,
      message:
        backend === "s3"
          ? "The file could not be stored: the storage service failed (NoSuchBucket)."
          : "The file could not be stored: the media folder could not be written.",
    });
    expect(await media.listFiles()).toEqual([]);
  });
});

/** A path under which no folder can be made: it goes through a regular file. */
const fixtureFolderAsFile = () => path.resolve("tests/fixtures/media/resource.pdf");

describe("a large ID3 tag", () => {
  it("does not hide an MP3 from the type check, which reads only the first 64 KB", async () => {
    const media = await openTestMediaStorage("disk");
    try {
      const padding = 100_000;
      const size = Buffer.from([(padding >> 21) & 0x7f, (padding >> 14) & 0x7f, (padding >> 7) & 0x7f, padding & 0x7f]);
      const tag = Buffer.concat([Buffer.from("ID3\x04\x00\x00", "latin1"), size, Buffer.alloc(padding)]);
      const stored = await storeUpload(
        media.storage,
        uploadBody(Buffer.concat([tag, fixture("tone-vbr.mp3")])),
        { kind: "audio", prefix: "episodes/audio" },
        limits,
      );
      expect(stored.contentType).toBe("audio/mpeg");
      expect(stored.details.durationSeconds).toBeCloseTo(3, 0);
    } finally {
      await media.close();
    }
  });
});
