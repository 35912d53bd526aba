import { MediaUploadError } from "../media-errors";
import { type ContentCheck, mediaFormatReader } from "./content-check.server";

export type VideoDetails = { durationSeconds: number | null };

export const NOT_A_VIDEO = "The video is not an MP4 or WebM file.";

/** An MP4 or WebM video with a video track, read whole by music-metadata, which notices a file cut short. */
export function videoCheck(extension: "mp4" | "webm"): ContentCheck<VideoDetails> {
  const reader = mediaFormatReader();
  return {
    write: reader.write,
    async finish() {
      const format = await reader.format(extension === "mp4" ? "MP4 video" : "WebM video", NOT_A_VIDEO);
      const container = format.container ?? "";
      const expected =
        extension === "webm" ? container === "EBML/webm" : /^(isom|iso\d|mp4\d|avc1|M4V)/.test(container);
      if (!expected || !format.hasVideo) throw new MediaUploadError("wrong-type", NOT_A_VIDEO);
      return { durationSeconds: format.duration && Number.isFinite(format.duration) ? format.duration : null };
    },
  };
}
