import { MediaUploadError } from "../media-errors";
import type { ContentCheck } from "./content-check.server";

export type ResourceDetails = Record<string, never>;

// A ZIP's end-of-central-directory record (22 bytes, then a comment of up to 65,535) closes the file.
const ZIP_TAIL_BYTES = 22 + 65_535;
// A PDF ends with %%EOF, which readers look for in the last kilobyte.
const PDF_TAIL_BYTES = 1024;

function endsLikeZip(tail: Buffer): boolean {
  for (let offset = tail.length - 22; offset >= 0; offset--) {
    if (tail.readUInt32LE(offset) === 0x06054b50 && offset + 22 + tail.readUInt16LE(offset + 20) === tail.length)
      return true;
  }
  return false;
}

/** A PDF or ZIP (told by file-type from its first bytes) whose end is there: only the last 64 KB are kept. */
export function resourceFileCheck(extension: "pdf" | "zip"): ContentCheck<ResourceDetails> {
  const keep = extension === "pdf" ? PDF_TAIL_BYTES : ZIP_TAIL_BYTES;
  let tail = Buffer.alloc(0);
  return {
    async write(chunk) {
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > keep) tail = Buffer.from(tail.subarray(tail.length - keep));
    },
    async finish() {
      if (extension === "pdf" && !tail.includes("%%EOF"))
        throw new MediaUploadError("truncated", "The PDF file is incomplete: its end-of-file marker is missing.");
      if (extension === "zip" && !endsLikeZip(tail))
        throw new MediaUploadError("truncated", "The ZIP file is incomplete: its closing directory is missing.");
      return {};
    },
  };
}
