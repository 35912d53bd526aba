import type { Metadata, Sharp } from "sharp";
import { MediaUploadError } from "../media-errors";
import { type ContentCheck, collectBytes } from "./content-check.server";

/** Sizes an image must have for one use, e.g. podcast artwork: square, 1400 to 3000 pixels a side. */
export type ImageRules = {
  square?: boolean;
  minWidth?: number;
  maxWidth?: number;
  minHeight?: number;
  maxHeight?: number;
};

/** What Apple Podcasts asks of show and episode artwork. */
export const PODCAST_ARTWORK_RULES: ImageRules = {
  square: true,
  minWidth: 1400,
  maxWidth: 3000,
  minHeight: 1400,
  maxHeight: 3000,
};

/** A WebP copy of the image for pages, at most `width` pixels wide (never wider than the original). */
type WebpRendition = { width: number; height: number; bytes: Buffer };

/** `original`: the image as it is stored (see `storedOriginal`), in place of the bytes that were uploaded. */
export type ImageDetails = { width: number; height: number; original: Buffer; renditions: WebpRendition[] };

/** Decoding is done in memory; beyond this an image is refused before it is decoded (a 5000 × 5000 photo fits). */
const MAX_IMAGE_PIXELS = 25_000_000;

const WEBP_QUALITY = 75;
/** The stored original is a JPEG of its own again: high enough that it stays the best copy the site has. */
const ORIGINAL_JPEG_QUALITY = 90;

export const NOT_AN_IMAGE = "The image is not a JPEG or PNG file.";

function between(name: string, min: number | undefined, max: number | undefined): string | null {
  if (min !== undefined && max !== undefined) return `${min} to ${max} pixels ${name}`;
  if (min !== undefined) return `at least ${min} pixels ${name}`;
  if (max !== undefined) return `at most ${max} pixels ${name}`;
  return null;
}

/** The rules in words, e.g. "square, 1400 to 3000 pixels wide, 1400 to 3000 pixels high". */
function describeImageRules(rules: ImageRules): string {
  return [
    rules.square ? "square" : null,
    between("wide", rules.minWidth, rules.maxWidth),
    between("high", rules.minHeight, rules.maxHeight),
  ]
    .filter((part) => part !== null)
    .join(", ");
}

function meetsImageRules(rules: ImageRules, width: number, height: number): boolean {
  return (
    (!rules.square || width === height) &&
    width >= (rules.minWidth ?? 0) &&
    width <= (rules.maxWidth ?? Number.POSITIVE_INFINITY) &&
    height >= (rules.minHeight ?? 0) &&
    height <= (rules.maxHeight ?? Number.POSITIVE_INFINITY)
  );
}

/** sharp for an uploaded image: decoding stops at a truncated file and before an oversized one. */
async function openImage(bytes: Buffer): Promise<Sharp> {
  const { default: sharp } = await import("sharp");
  return sharp(bytes, { failOn: "truncated", limitInputPixels: MAX_IMAGE_PIXELS });
}

/** WebP renditions of an image at each width (as wide as the original at most), for `srcset`. */
async function webpRenditions(source: Sharp, widths: readonly number[]): Promise<WebpRendition[]> {
  const { width: originalWidth = 0 } = await source.metadata();
  const targets = [...new Set(widths.map((width) => Math.min(width, originalWidth)))].sort((a, b) => a - b);
  return Promise.all(
    targets.map(async (width) => {
      const { data, info } = await source
        .clone()
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, bytes: data };
    }),
  );
}

/**
 * The image as storage keeps it: decoded and encoded again in its own format, turned upright as its EXIF orientation
 * said, and without metadata (sharp writes none unless asked), so that a photo's EXIF (its GPS position, camera and
 * time), XMP, IPTC and comments never reach storage, the site or its visitors.
 */
function storedOriginal(source: Sharp, format: "jpeg" | "png"): Promise<Buffer> {
  const upright = source.clone().rotate();
  return format === "jpeg" ? upright.jpeg({ quality: ORIGINAL_JPEG_QUALITY }).toBuffer() : upright.png().toBuffer();
}

/**
 * A JPEG or PNG, told by sharp from its content, that meets the caller's rules and decodes to its last row (a
 * truncated image is refused); its stored original (without metadata) and WebP renditions are made here.
 */
export function imageCheck(rules: ImageRules, renditionWidths: readonly number[]): ContentCheck<ImageDetails> {
  const collected = collectBytes();
  return {
    write: collected.write,
    async finish() {
      const image = await openImage(collected.bytes());
      let metadata: Metadata;
      try {
        metadata = await image.metadata();
      } catch (error) {
        throw new MediaUploadError("wrong-type", NOT_AN_IMAGE, undefined, { cause: error });
      }
      if (metadata.format !== "jpeg" && metadata.format !== "png")
        throw new MediaUploadError("wrong-type", NOT_AN_IMAGE);
      // EXIF orientation may turn the stored pixels; the rules are about the image as it is shown.
      const { width, height } = metadata.autoOrient;
      if (width * height > MAX_IMAGE_PIXELS)
        throw new MediaUploadError("too-large", "The image has more than 25 million pixels.");
      if (!meetsImageRules(rules, width, height)) {
        throw new MediaUploadError(
          "invalid",
          `The image must be ${describeImageRules(rules)}: this one is ${width} × ${height} pixels.`,
        );
      }
      const format = metadata.format;
      try {
        // Each of these decodes every row, so a truncated image fails here.
        const [original, renditions] = await Promise.all([
          storedOriginal(image, format),
          webpRenditions(image, renditionWidths),
        ]);
        return { width, height, original, renditions };
      } catch (error) {
        throw new MediaUploadError(
          "truncated",
          "The image file is incomplete or damaged: it could not be read to its last row.",
          undefined,
          {
            cause: error,
          },
        );
      }
    },
  };
}
