import type { IFormat } from "music-metadata";
import { MediaUploadError } from "../media-errors";
import { type ContentCheck, mediaFormatReader } from "./content-check.server";
import { Mp3FrameWalker, type Mp3Integrity } from "./mp3-frames";

export type AudioDetails = { durationSeconds: number };

export const NOT_AUDIO = "The file is not MP3 or M4A audio.";

function truncatedMp3(integrity: Exclude<Mp3Integrity, { kind: "complete" } | { kind: "no-frames" }>): string {
  if (integrity.kind === "ends-inside-frame")
    return "The MP3 file is incomplete: it ends in the middle of an audio frame.";
  const held = Math.floor(integrity.frames * integrity.secondsPerFrame);
  const declared = Math.round(integrity.declaredFrames * integrity.secondsPerFrame);
  return `The MP3 file is incomplete: its header declares ${declared} seconds of audio but the file holds ${held}.`;
}

const isMp3 = (format: IFormat) => format.container === "MPEG" && /Layer 3$/.test(format.codec ?? "");
const isM4a = (format: IFormat) =>
  /^M4A|^isom|^mp4|^iso/.test(format.container ?? "") && /AAC/.test(format.codec ?? "");

/**
 * MP3 or M4A (AAC) audio, told by the file's own content: music-metadata reads the format and the duration, the
 * MP3 frame walk and music-metadata's end-of-stream catch a file cut short.
 */
export function audioCheck(extension: "mp3" | "m4a"): ContentCheck<AudioDetails> {
  const reader = mediaFormatReader();
  const frames = extension === "mp3" ? new Mp3FrameWalker() : null;
  return {
    async write(chunk) {
      frames?.write(chunk);
      await reader.write(chunk);
    },
    async finish() {
      const format = await reader.format(extension === "mp3" ? "MP3 file" : "M4A file", NOT_AUDIO);
      if (format.hasVideo)
        throw new MediaUploadError("wrong-type", "The file holds video: upload the audio alone, as MP3 or M4A.");
      if (!(extension === "mp3" ? isMp3(format) : isM4a(format))) throw new MediaUploadError("wrong-type", NOT_AUDIO);
      const integrity = frames?.finish();
      if (integrity?.kind === "no-frames") throw new MediaUploadError("wrong-type", NOT_AUDIO);
      if (integrity && integrity.kind !== "complete") throw new MediaUploadError("truncated", truncatedMp3(integrity));
      if (!format.duration || !Number.isFinite(format.duration))
        throw new MediaUploadError("invalid", "The audio file's duration could not be read from its content.");
      return { durationSeconds: format.duration };
    },
  };
}
