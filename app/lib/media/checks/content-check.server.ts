import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import type { IFormat } from "music-metadata";
import { MediaUploadError } from "../media-errors";

/**
 * Looks at an upload's bytes as they stream to storage: `write` gets every chunk in order (awaiting it holds the
 * upload back, so a slow check never buffers), `finish` runs after the last one and resolves to what the check
 * learnt, or rejects with a MediaUploadError saying why the file is refused.
 */
export type ContentCheck<Details> = {
  write(chunk: Buffer): Promise<void>;
  finish(): Promise<Details>;
};

/**
 * Feeds the chunks to a parser that reads a stream (music-metadata). Once the parser has its answer, later chunks
 * are dropped, so a parser that stops early never holds the upload back.
 */
function feedParser<Result>(parse: (stream: Readable) => Promise<Result>) {
  const stream = new PassThrough();
  let settled = false;
  const result = parse(stream);
  const done = result.then(
    () => undefined,
    () => undefined,
  );
  void done.then(() => {
    settled = true;
    stream.resume();
  });
  return {
    async write(chunk: Buffer) {
      if (settled) return;
      if (!stream.write(chunk)) await Promise.race([once(stream, "drain"), done]);
    },
    finish(): Promise<Result> {
      stream.end();
      return result;
    },
  };
}

/** Keeps every chunk (for small kinds: images, transcripts, chapters, whose limits bound the memory). */
export function collectBytes() {
  const chunks: Buffer[] = [];
  return {
    async write(chunk: Buffer) {
      chunks.push(chunk);
    },
    bytes: () => Buffer.concat(chunks),
  };
}

/** Whether strtok3 (under music-metadata) ran out of bytes: the file ends inside a part its structure announced. */
const isEndOfStream = (error: unknown) => error instanceof Error && error.constructor.name === "EndOfStreamError";

/**
 * music-metadata reading the whole stream for the format of audio or video. `format` refuses a file that ends
 * before the data it announces as truncated ("The <name> … is incomplete"), and one it cannot read as `notOfKind`.
 */
export function mediaFormatReader() {
  // Loaded on the first upload, not when the server starts (as are file-type and sharp).
  const metadata = feedParser(async (stream) => {
    const { parseStream } = await import("music-metadata");
    return parseStream(stream, {}, { duration: true, skipCovers: true });
  });
  return {
    write: metadata.write,
    async format(incompleteName: string, notOfKind: string): Promise<IFormat> {
      try {
        return (await metadata.finish()).format;
      } catch (error) {
        if (isEndOfStream(error))
          throw new MediaUploadError(
            "truncated",
            `The ${incompleteName} is incomplete: it ends before the data it announces.`,
          );
        throw new MediaUploadError("wrong-type", notOfKind, undefined, { cause: error });
      }
    },
  };
}
