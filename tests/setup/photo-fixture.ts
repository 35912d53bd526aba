import type { Readable } from "node:stream";
import sharp, { type Metadata } from "sharp";
import type { MediaStorage } from "~/lib/media/media-storage.server";

/**
 * A phone photo as uploaded, made here rather than committed: `width` × `height` pixels as stored (40 × 20 unless
 * given), red on the left and blue on the right, with EXIF that says to turn it a quarter clockwise (orientation 6:
 * shown `height` × `width`, red on top), the camera, and where it was taken (GPS).
 */
export async function photoWithGpsExif({
  format = "jpeg",
  width = 40,
  height = 20,
}: {
  format?: "jpeg" | "png";
  width?: number;
  height?: number;
} = {}): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: width / 2, height, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: await half(255, 0), left: 0, top: 0 },
      { input: await half(0, 255), left: width / 2, top: 0 },
    ])
    .toFormat(format)
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "Phone", Model: "Camera" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 1234/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3900/100",
      },
    })
    .toBuffer();
}

/** The metadata an image carries besides its pixels; every entry undefined for an image stored without any. */
export const metadataOf = ({ orientation, exif, xmp, iptc, comments }: Metadata) => ({
  orientation,
  exif,
  xmp,
  iptc,
  comments,
});

export const NO_METADATA = {
  orientation: undefined,
  exif: undefined,
  xmp: undefined,
  iptc: undefined,
  comments: undefined,
};

/** sharp's reading of the image stored under the key a served URL (`/media/{key}`, `/insight-media/{key}`) names. */
export async function storedImage(storage: MediaStorage, url: string): Promise<Metadata> {
  const key = url.replace(/^\/[a-z-]+\//, "");
  const bytes = Buffer.concat(await ((await storage.read(key)) as Readable).toArray());
  return sharp(bytes).metadata();
}
