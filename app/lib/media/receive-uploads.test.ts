import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_BACKENDS, openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { PODCAST_ARTWORK_RULES } from "./checks/image.server";
import { MediaUploadError } from "./media-errors";
import { receiveUploads } from "./receive-uploads.server";
import { mediaLimits } from "./store-upload.server";

const fixture = (name: string) => readFileSync(path.join("tests/fixtures/media", name));
const limits = mediaLimits({ MAX_AUDIO_MB: 1 });

const EPISODE_FILES = {
  audio: { kind: "audio", prefix: "episodes/audio" },
  artwork: { kind: "image", prefix: "episodes/artwork", rules: PODCAST_ARTWORK_RULES, renditionWidths: [384] },
} as const;

const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** The bytes and Content-Type a browser would send for this form. */
async function multipart(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const encoded = new Request("http://site.test/", { method: "POST", body: form });
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get("content-type") as string,
  };
}

/** A POST whose body is sent in chunks, optionally stopping (ending or failing) after `cutAt` bytes. */
function upload(
  { bytes, contentType }: { bytes: Buffer; contentType: string },
  cut?: { at: number; how: "ends" | "fails" },
): Request {
  const sent = cut ? bytes.subarray(0, cut.at) : bytes;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < sent.length; offset += 16 * 1024)
        controller.enqueue(new Uint8Array(sent.subarray(offset, offset + 16 * 1024)));
      if (cut?.how === "fails") controller.error(new Error("the connection was reset"));
      else controller.close();
    },
  });
  return new Request("http://site.test/admin/episodes/new", {
    method: "POST",
    body,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
}

const artwork = () =>
  sharp({ create: { width: 1400, height: 1400, channels: 3, background: "#334455" } })
    .jpeg()
    .toBuffer();

describe.each(MEDIA_BACKENDS)("receiving a form's uploads on %s", (backend) => {
  let media: TestMediaStorage;
  beforeAll(async () => {
    media = await openTestMediaStorage(backend);
  });
  afterAll(() => media?.close());

  async function expectRefused(request: Request, status: number, message: string, field?: string) {
    const error = await receiveUploads(request, media.storage, EPISODE_FILES, limits).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(MediaUploadError);
    expect(error).toMatchObject({ status, message, field });
    expect(await media.listFiles()).toEqual([]);
  }

  it("stores each file of the form and hands back its text fields", async () => {
    const form = new FormData();
    form.append("title", "Founders who failed forward");
    form.append("audio", file(fixture("tone-cbr.mp3"), "episode.mp3", "audio/mpeg"));
    form.append("chapters", "0:00 Welcome");
    form.append("chapters", "1:30 The pivot");
    form.append("artwork", file(await artwork(), "cover.jpg", "image/jpeg"));
    const received = await receiveUploads(upload(await multipart(form)), media.storage, EPISODE_FILES, limits);

    expect(received.fields.get("title")).toBe("Founders who failed forward");
    expect(received.fields.getAll("chapters")).toEqual(["0:00 Welcome", "1:30 The pivot"]);
    const { audio, artwork: cover } = received.files;
    expect(audio).toMatchObject({ kind: "audio", contentType: "audio/mpeg", size: fixture("tone-cbr.mp3").length });
    expect(audio?.details.durationSeconds).toBeCloseTo(3, 0);
    expect(cover).toMatchObject({ kind: "image", details: { width: 1400, height: 1400 } });
    expect(cover?.renditions.map((rendition) => rendition.width)).toEqual([384]);
    const stored = await media.storage.read(audio?.key as string);
    expect(Buffer.concat(await stored.toArray()).equals(fixture("tone-cbr.mp3"))).toBe(true);

    await received.discard();
    expect(await media.listFiles()).toEqual([]);
  });

  it("takes a file input left empty as no file", async () => {
    // As Chromium sends a form whose file input has nothing chosen: a part with an empty file name and no bytes.
    const boundary = "----WebKitFormBoundaryx8Hq2mZ1";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="title"',
      "",
      "Notes only",
      `--${boundary}`,
      'Content-Disposition: form-data; name="audio"; filename=""',
      "Content-Type: application/octet-stream",
      "",
      "",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const request = upload({ bytes: Buffer.from(body), contentType: `multipart/form-data; boundary=${boundary}` });
    const received = await receiveUploads(request, media.storage, EPISODE_FILES, limits);
    expect(received.files).toEqual({});
    expect(received.fields.get("title")).toBe("Notes only");
  });

  it("refuses a text file named .mp3 and sent as audio/mpeg (415), and removes the form's other files", async () => {
    const form = new FormData();
    form.append("artwork", file(await artwork(), "cover.jpg", "image/jpeg"));
    form.append("audio", file(Buffer.from("not audio at all\n".repeat(100)), "episode.mp3", "audio/mpeg"));
    await expectRefused(upload(await multipart(form)), 415, "The file is not MP3 or M4A audio.", "audio");
  });

  it("refuses a truncated MP3 (400)", async () => {
    const form = new FormData();
    form.append("audio", file(fixture("tone-cbr.mp3").subarray(0, 5000), "episode.mp3", "audio/mpeg"));
    await expectRefused(
      upload(await multipart(form)),
      400,
      "The MP3 file is incomplete: it ends in the middle of an audio frame.",
      "audio",
    );
  });

  it("refuses an audio file over MAX_AUDIO_MB (413)", async () => {
    const form = new FormData();
    const oversized = Buffer.concat([fixture("tone-cbr.mp3"), Buffer.alloc(1024 * 1024)]);
    form.append("audio", file(oversized, "episode.mp3", "audio/mpeg"));
    await expectRefused(upload(await multipart(form)), 413, "The audio file is larger than the 1 MB limit.", "audio");
  });

  it("refuses a file over the limit without cancelling the request's body, which would cut the connection", async () => {
    const form = new FormData();
    form.append(
      "audio",
      file(Buffer.concat([fixture("tone-cbr.mp3"), Buffer.alloc(4 * 1024 * 1024)]), "a.mp3", "audio/mpeg"),
    );
    const { bytes, contentType } = await multipart(form);
    let offset = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + 16 * 1024)));
        offset += 16 * 1024;
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://site.test/admin/episodes/new", {
      method: "POST",
      body,
      headers: { "content-type": contentType },
      duplex: "half",
    } as RequestInit);
    await expectRefused(request, 413, "The audio file is larger than the 1 MB limit.", "audio");
    expect(cancelled).toBe(false);
    expect(offset).toBeLessThan(bytes.length);
  });

  it("refuses artwork of the wrong size (400)", async () => {
    const form = new FormData();
    const small = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    form.append("artwork", file(small, "cover.png", "image/png"));
    await expectRefused(
      upload(await multipart(form)),
      400,
      "The image must be square, 1400 to 3000 pixels wide, 1400 to 3000 pixels high: this one is 600 × 600 pixels.",
      "artwork",
    );
  });

  it.each([
    ["the connection fails", "fails"],
    ["the body ends", "ends"],
  ] as const)("keeps nothing of an upload cut off midway, when %s (400)", async (_when, how) => {
    const form = new FormData();
    form.append("artwork", file(await artwork(), "cover.jpg", "image/jpeg"));
    form.append("audio", file(fixture("tone-cbr.mp3"), "episode.mp3", "audio/mpeg"));
    const encoded = await multipart(form);
    const audioStart = encoded.bytes.indexOf('filename="episode.mp3"');
    await expectRefused(
      upload(encoded, { at: audioStart + 6000, how }),
      400,
      "The upload was interrupted before the file was complete: please try again.",
    );
  });

  it("refuses a file the form does not take, and a second file for one field", async () => {
    const unexpected = new FormData();
    unexpected.append("script", file(Buffer.from("#!/bin/sh"), "run.sh", "text/x-sh"));
    await expectRefused(
      upload(await multipart(unexpected)),
      400,
      "The form sent an unexpected file: script.",
      "script",
    );

    const twice = new FormData();
    twice.append("audio", file(fixture("tone-cbr.mp3"), "a.mp3", "audio/mpeg"));
    twice.append("audio", file(fixture("tone-vbr.mp3"), "b.mp3", "audio/mpeg"));
    await expectRefused(upload(await multipart(twice)), 400, "The form sent an unexpected file: audio.", "audio");
  });

  it("refuses a text field over the limit (413)", async () => {
    const form = new FormData();
    form.append("showNotes", "x".repeat(2000));
    const error = await receiveUploads(upload(await multipart(form)), media.storage, EPISODE_FILES, limits, {
      maxFieldBytes: 1000,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 413, message: "The form field showNotes is too long." });
  });
});

describe("receiving uploads", () => {
  it("refuses a body that is not multipart/form-data (415)", async () => {
    const media = await openTestMediaStorage("disk");
    try {
      const request = new Request("http://site.test/", {
        method: "POST",
        body: JSON.stringify({ audio: "x" }),
        headers: { "content-type": "application/json" },
      });
      const error = await receiveUploads(request, media.storage, EPISODE_FILES, limits).catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ status: 415, message: "The form must be sent as multipart/form-data." });
    } finally {
      await media.close();
    }
  });
});
