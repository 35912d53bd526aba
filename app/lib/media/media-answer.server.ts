import { isNotModified } from "~/lib/conditional-get.server";
import { type ByteRange, ifRangeHolds, parseRangeHeader } from "./byte-range";
import type { StoredMedia } from "./media-storage.server";

/**
 * How a response may be cached. `immutable`: the URL carries the media key (keys never change their bytes), so
 * browsers and shared caches keep it for a year. `private`: media a caller has just checked access to (premium
 * audio, members' files), which no cache may keep.
 */
export type MediaCaching = "immutable" | "private";

export const MEDIA_CACHE_CONTROL: Record<MediaCaching, string> = {
  // no-transform: a compressing proxy or middleware would change the bytes that ranges count.
  immutable: "public, max-age=31536000, immutable, no-transform",
  private: "private, no-store, no-transform",
};

/** What a media answer reads of a GET or HEAD. */
export type MediaConditions = {
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  range: string | null;
  ifRange: string | null;
};

/**
 * The answer to a GET or HEAD of a stored file, before any byte is read: 304 when the client's copy holds, 416 for a
 * range past the end, else 200 for the whole file or 206 for one range, with every header it is sent with.
 * `rangeAsSent` tells whether the request's own Range (or its lack) is what is answered, so that storage could
 * answer it instead (a stale If-Range asks for the whole file while the client still sends its Range).
 */
export type MediaAnswer =
  | { kind: "no body"; status: 304 | 416; headers: Record<string, string> }
  | {
      kind: "bytes";
      status: 200 | 206;
      headers: Record<string, string>;
      range: ByteRange | undefined;
      rangeAsSent: boolean;
    };

/**
 * The one decision of what a media request gets, shared by the app's route and the server's front door:
 * `Accept-Ranges: bytes`, one byte range (206 with `Content-Range`, 416 with `Content-Range: bytes *\/size` past the
 * end), `ETag` and `Last-Modified` with 304 and `If-Range`, and the caching asked for.
 */
export function mediaAnswer(
  stored: StoredMedia,
  conditions: MediaConditions,
  caching: MediaCaching,
  contentDisposition?: string,
): MediaAnswer {
  const lastModified = stored.lastModified.toUTCString();
  const validators: Record<string, string> = {
    "Accept-Ranges": "bytes",
    "Cache-Control": MEDIA_CACHE_CONTROL[caching],
    ETag: stored.etag,
    "Last-Modified": lastModified,
    "X-Content-Type-Options": "nosniff",
  };
  if (contentDisposition) validators["Content-Disposition"] = contentDisposition;
  if (isNotModified(conditions, { etag: stored.etag, lastModified }))
    return { kind: "no body", status: 304, headers: validators };

  const rangeAllowed = ifRangeHolds(conditions.ifRange, stored);
  const requested = rangeAllowed ? parseRangeHeader(conditions.range, stored.size) : ({ kind: "whole" } as const);
  if (requested.kind === "unsatisfiable")
    return { kind: "no body", status: 416, headers: { ...validators, "Content-Range": `bytes */${stored.size}` } };

  const range = requested.kind === "range" ? requested.range : undefined;
  const headers: Record<string, string> = { ...validators, "Content-Type": stored.contentType };
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${stored.size}`;
  headers["Content-Length"] = String(range ? range.end - range.start + 1 : stored.size);
  return {
    kind: "bytes",
    status: range ? 206 : 200,
    headers,
    range,
    rangeAsSent: rangeAllowed || conditions.range === null,
  };
}
