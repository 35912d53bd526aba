/**
 * Media keys name stored files: `<prefix>/<random id>.<extension>`, e.g. `episodes/audio/k3v9…Q.mp3`. The storage
 * module makes a new key for every upload, so the bytes behind a key never change (URLs that carry a key may be
 * cached for a year) and a key cannot be guessed. The extension is chosen from the file's content, never from its
 * name, and decides the type the file is served with.
 */

const CONTENT_TYPES = {
  mp3: "audio/mpeg",
  // Apple Podcasts names M4A enclosures audio/x-m4a; browsers play it under that type as well.
  m4a: "audio/x-m4a",
  mp4: "video/mp4",
  webm: "video/webm",
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  vtt: "text/vtt; charset=utf-8",
  srt: "application/x-subrip; charset=utf-8",
  // The Podcasting 2.0 chapters format's own type.
  json: "application/json+chapters",
  pdf: "application/pdf",
  zip: "application/zip",
} as const;

export type MediaExtension = keyof typeof CONTENT_TYPES;

const PREFIX_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const KEY_PATTERN = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*\/)+[A-Za-z0-9_-]{16,64}(?:\.w\d{1,5})?\.([a-z0-9]{2,5})$/;

/** Whether `key` is a well-formed media key (no `..`, no leading slash, a known extension). */
export function isMediaKey(key: string): boolean {
  const extension = KEY_PATTERN.exec(key)?.[1];
  return extension !== undefined && Object.hasOwn(CONTENT_TYPES, extension);
}

/** The Content-Type a key is stored and served with; throws for a malformed key. */
export function contentTypeForKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1) as MediaExtension];
}

/** A fresh key under `prefix` (lower-case words separated by `-` and `/`, e.g. `episodes/audio`). */
export function newMediaKey(prefix: string, extension: MediaExtension): string {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`Not a media key prefix: ${JSON.stringify(prefix)}`);
  const id = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
  return `${prefix}/${id}.${extension}`;
}

/** A fresh key under the same prefix and with the same extension as `key`, for a copy of its file at a new address. */
export function newKeyLike(key: string): string {
  if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  const extension = key.slice(key.lastIndexOf(".") + 1) as MediaExtension;
  return newMediaKey(key.slice(0, key.lastIndexOf("/")), extension);
}

/** The key of an image's WebP rendition at `width` pixels, stored beside the original. */
export function renditionKey(imageKey: string, width: number): string {
  if (!isMediaKey(imageKey)) throw new Error(`Not a media key: ${JSON.stringify(imageKey)}`);
  return `${imageKey.slice(0, imageKey.lastIndexOf("."))}.w${width}.webp`;
}
