import { Readable } from "node:stream";
import type { Env } from "~/lib/env.server";
import { type AudioDetails, audioCheck, NOT_AUDIO } from "./checks/audio.server";
import { ChaptersDocumentSchema } from "./checks/chapters";
import { type ContentCheck, collectBytes } from "./checks/content-check.server";
import { type ImageDetails, type ImageRules, imageCheck, NOT_AN_IMAGE } from "./checks/image.server";
import { type ResourceDetails, resourceFileCheck } from "./checks/resource-file.server";
import { parseTranscript, TranscriptError, type TranscriptFormat, transcriptFormatOf } from "./checks/transcript";
import { NOT_A_VIDEO, type VideoDetails, videoCheck } from "./checks/video.server";
import { MediaStorageError, MediaUploadError } from "./media-errors";
import { type MediaExtension, newMediaKey, renditionKey } from "./media-key";
import type { MediaStorage, StoredMedia } from "./media-storage.server";

/** What one upload is for: its kind decides the checks and the size limit; `prefix` starts its key. */
export type MediaUploadSpec =
  | { kind: "audio"; prefix: string }
  | { kind: "image"; prefix: string; rules?: ImageRules; renditionWidths?: readonly number[] }
  | { kind: "video"; prefix: string }
  | { kind: "transcript"; prefix: string }
  | { kind: "chapters"; prefix: string }
  | { kind: "resource"; prefix: string };

type MediaKind = MediaUploadSpec["kind"];

type DetailsByKind = {
  audio: AudioDetails;
  image: { width: number; height: number };
  video: VideoDetails;
  transcript: { format: TranscriptFormat; cueCount: number };
  chapters: { chapterCount: number };
  resource: ResourceDetails;
};

type StoredRendition = StoredMedia & { width: number; height: number };

/** A stored, checked upload: the file, what its content told, and (images) its WebP renditions. */
export type StoredUpload<Kind extends MediaKind = MediaKind> = StoredMedia & {
  kind: Kind;
  details: DetailsByKind[Kind];
  renditions: StoredRendition[];
};

/** The largest file of each kind, in bytes. */
export type MediaLimits = Record<MediaKind, number>;

const MB = 1024 * 1024;

/**
 * Audio from MAX_AUDIO_MB (500 by default: three hours at 320 kbit/s); the rest fixed, as decision 033 explains:
 * artwork and covers of up to 20 MB, story videos of up to 500 MB, transcripts 5 MB, chapters 1 MB, members'
 * resource files 100 MB.
 */
export function mediaLimits(env: Pick<Env, "MAX_AUDIO_MB">): MediaLimits {
  return {
    audio: env.MAX_AUDIO_MB * MB,
    image: 20 * MB,
    video: 500 * MB,
    transcript: 5 * MB,
    chapters: 1 * MB,
    resource: 100 * MB,
  };
}

const NOUNS: Record<MediaKind, string> = {
  audio: "audio file",
  image: "image",
  video: "video",
  transcript: "transcript",
  chapters: "chapters file",
  resource: "file",
};

const NOT_A_TRANSCRIPT = "The transcript is not a WebVTT or SRT file.";
const NOT_CHAPTERS = "The chapters file is not Podcasting 2.0 JSON chapters.";
const NOT_A_RESOURCE = "The file is not a PDF or ZIP file.";
export const UPLOAD_INTERRUPTED = "The upload was interrupted before the file was complete: please try again.";

/** Enough of the start of a file to tell its type (file-type reads at most a few kilobytes, ID3 tags aside). */
const HEAD_BYTES = 64 * 1024;

const utf8 = (bytes: Buffer, fatal: boolean) => new TextDecoder("utf-8", { fatal, ignoreBOM: false }).decode(bytes);

/** The extension a file will be stored under, from its first bytes; refuses a file that is not of the kind. */
async function extensionFor(kind: MediaKind, head: Buffer): Promise<MediaExtension> {
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(head);
  const ext = detected?.ext;
  switch (kind) {
    case "audio":
      if (ext === "mp3") return "mp3";
      if (ext === "m4a" || ext === "mp4") return "m4a";
      throw new MediaUploadError("wrong-type", NOT_AUDIO);
    case "image":
      if (ext === "jpg" || ext === "png") return ext;
      throw new MediaUploadError("wrong-type", NOT_AN_IMAGE);
    case "video":
      if (ext === "mp4" || ext === "m4v") return "mp4";
      if (ext === "webm") return "webm";
      throw new MediaUploadError("wrong-type", NOT_A_VIDEO);
    case "transcript": {
      // file-type knows WebVTT's signature; SRT has none it knows.
      const format = detected && ext !== "vtt" ? null : transcriptFormatOf(utf8(head, false));
      if (format === null) throw new MediaUploadError("wrong-type", NOT_A_TRANSCRIPT);
      return format === "webvtt" ? "vtt" : "srt";
    }
    case "chapters":
      if (!detected && utf8(head, false).trimStart().startsWith("{")) return "json";
      throw new MediaUploadError("wrong-type", NOT_CHAPTERS);
    case "resource":
      if (ext === "pdf" || ext === "zip") return ext;
      throw new MediaUploadError("wrong-type", NOT_A_RESOURCE);
  }
}

function textCheck<Details>(read: (text: string) => Details, unreadable: string): ContentCheck<Details> {
  const collected = collectBytes();
  return {
    write: collected.write,
    async finish() {
      let text: string;
      try {
        text = utf8(collected.bytes(), true);
      } catch (error) {
        throw new MediaUploadError("invalid", `${unreadable}: it is not UTF-8 text.`, undefined, { cause: error });
      }
      return read(text);
    },
  };
}

const transcriptCheck = () =>
  textCheck((text) => {
    try {
      const { format, cues } = parseTranscript(text);
      return { format, cueCount: cues.length };
    } catch (error) {
      if (!(error instanceof TranscriptError)) throw error;
      throw new MediaUploadError("invalid", `The transcript could not be read: ${error.message}.`);
    }
  }, "The transcript could not be read");

const chaptersCheck = () =>
  textCheck((text) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new MediaUploadError("invalid", "The chapters file could not be read: it is not valid JSON.");
    }
    const parsed = ChaptersDocumentSchema.safeParse(json);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
      throw new MediaUploadError("invalid", `The chapters file could not be read: ${where}${issue.message}.`);
    }
    return { chapterCount: parsed.data.chapters.length };
  }, "The chapters file could not be read");

function checkFor(
  spec: MediaUploadSpec,
  extension: MediaExtension,
): ContentCheck<DetailsByKind[MediaKind] | ImageDetails> {
  switch (spec.kind) {
    case "audio":
      return audioCheck(extension as "mp3" | "m4a");
    case "image":
      return imageCheck(spec.rules ?? {}, spec.renditionWidths ?? []);
    case "video":
      return videoCheck(extension as "mp4" | "webm");
    case "transcript":
      return transcriptCheck();
    case "chapters":
      return chaptersCheck();
    case "resource":
      return resourceFileCheck(extension as "pdf" | "zip");
  }
}

function asUploadError(error: unknown, field: string | undefined): unknown {
  if (error instanceof MediaUploadError)
    return error.field === field ? error : new MediaUploadError(error.problem, error.message, field, { cause: error });
  if (error instanceof MediaStorageError)
    return new MediaUploadError("storage-failed", error.message, field, { cause: error });
  return error;
}

/** Removes a stored upload and its renditions. */
export async function deleteStoredUpload(storage: MediaStorage, upload: Pick<StoredUpload, "key" | "renditions">) {
  await Promise.all(
    [upload.key, ...upload.renditions.map((rendition) => rendition.key)].map((key) => storage.delete(key)),
  );
}

/**
 * Checks a file by its content while streaming it to storage under a new key, and returns what was stored. The
 * file's first 64 KB decide its type (a wrong type is refused before anything is stored); the rest streams through
 * the kind's check; the file becomes visible only once the check has passed. Any refusal, a body that fails or ends
 * early, or a storage failure throws MediaUploadError (with `field`) and leaves nothing stored.
 */
export async function storeUpload<Spec extends MediaUploadSpec>(
  storage: MediaStorage,
  body: Readable,
  spec: Spec,
  limits: MediaLimits,
  field?: string,
): Promise<StoredUpload<Spec["kind"]>> {
  const maxBytes = limits[spec.kind];
  const source = body[Symbol.asyncIterator]();
  let received = 0;
  const nextChunk = async (): Promise<Buffer | null> => {
    let next: IteratorResult<unknown>;
    try {
      next = await source.next();
    } catch (error) {
      throw new MediaUploadError("aborted", UPLOAD_INTERRUPTED, field, { cause: error });
    }
    if (next.done) return null;
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array);
    received += chunk.length;
    if (received > maxBytes) {
      const limit = `${Math.round(maxBytes / MB)} MB`;
      throw new MediaUploadError("too-large", `The ${NOUNS[spec.kind]} is larger than the ${limit} limit.`, field);
    }
    return chunk;
  };

  try {
    const headChunks: Buffer[] = [];
    let headBytes = 0;
    let ended = false;
    while (headBytes < HEAD_BYTES) {
      const chunk = await nextChunk();
      if (chunk === null) {
        ended = true;
        break;
      }
      headChunks.push(chunk);
      headBytes += chunk.length;
    }
    const head = Buffer.concat(headChunks);
    if (head.length === 0) throw new MediaUploadError("invalid", `The ${NOUNS[spec.kind]} is empty.`, field);
    const extension = await extensionFor(spec.kind, head);
    const check = checkFor(spec, extension);
    // The upload as it arrives, through the check.
    const bytes = async function* () {
      await check.write(head);
      yield head;
      for (let chunk = ended ? null : await nextChunk(); chunk !== null; chunk = await nextChunk()) {
        await check.write(chunk);
        yield chunk;
      }
    };

    const key = newMediaKey(spec.prefix, extension);
    let details: DetailsByKind[MediaKind] | ImageDetails | undefined;
    let stored: StoredMedia;
    if (spec.kind === "image") {
      // An image is checked whole (its limit bounds the memory) and stored as the check encoded it again, without
      // its metadata: nothing of the bytes as uploaded is kept.
      for await (const _chunk of bytes()) {
        // The check keeps every chunk of an image.
      }
      const image = (await check.finish()) as ImageDetails;
      details = image;
      stored = await storage.put(key, Readable.from([image.original]));
    } else {
      stored = await storage.put(key, Readable.from(bytes()), {
        beforeCommit: async () => {
          details = await check.finish();
        },
      });
    }
    if (!details) throw new Error("the content check did not finish");
    if (!("renditions" in details))
      return { ...stored, kind: spec.kind, details, renditions: [] } as unknown as StoredUpload<Spec["kind"]>;

    const { renditions: images, original: _original, ...size } = details;
    const renditions: StoredRendition[] = [];
    try {
      for (const image of images) {
        const rendition = await storage.put(renditionKey(stored.key, image.width), Readable.from([image.bytes]));
        renditions.push({ ...rendition, width: image.width, height: image.height });
      }
    } catch (error) {
      await deleteStoredUpload(storage, { key: stored.key, renditions }).catch(() => undefined);
      throw error;
    }
    return { ...stored, kind: spec.kind, details: size, renditions } as unknown as StoredUpload<Spec["kind"]>;
  } catch (error) {
    await source.return?.();
    throw asUploadError(error, field);
  }
}
