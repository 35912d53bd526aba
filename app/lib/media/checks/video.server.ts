import { type IFormat, parseStream } from "music-metadata";
import { MediaUploadError } from "../media-errors";
import { type ContentCheck, feedParser, isEndOfStream } from "./content-check.server";

export type VideoDetails = { durationSeconds: number | null };

export const NOT_A_VIDEO = "The video is not an MP4 or WebM file.";

/** An MP4 or WebM video with a video track, read whole by music-metadata, which notices a file cut short. */
export function videoCheck(extension: "mp4" | "webm"): ContentCheck<VideoDetails> {
  const metadata = feedParser((stream) => parseStream(stream, {}, { duration: true, skipCovers: true }));
  return {
    write: metadata.write,
    async finish() {
      let format: IFormat;
      try {
        format = (await metadata.finish()).format;
      } catch (error) {
        if (isEndOfStream(error)) {
          const name = extension === "mp4" ? "MP4" : "WebM";
          throw new MediaUploadError(
            "truncated",
            `The ${name} video is incomplete: it ends before the data it announces.`,
          );
        }
        throw new MediaUploadError("wrong-type", NOT_A_VIDEO, undefined, { cause: error });
      }
      const container = format.container ?? "";
      const expected =
        extension === "webm" ? container === "EBML/webm" : /^(isom|iso\d|mp4\d|avc1|M4V)/.test(container);
      if (!expected || !format.hasVideo) throw new MediaUploadError("wrong-type", NOT_A_VIDEO);
      return { durationSeconds: format.duration && Number.isFinite(format.duration) ? format.duration : null };
    },
  };
}
