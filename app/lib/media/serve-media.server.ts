import type { Readable } from "node:stream";
import { isNotModified } from "~/lib/conditional-get.server";
import { ifRangeHolds, parseRangeHeader } from "./byte-range";
import type { MediaStorage } from "./media-storage.server";
import { responseFromNodeStream } from "./node-body.server";

/**
 * How a response may be cached. `immutable`: the URL carries the media key (keys never change their bytes), so
 * browsers and shared caches keep it for a year. `private`: media a caller has just checked access to (premium
 * audio, members' files), which no cache may keep.
 */
type MediaCaching = "immutable" | "private";

export type ServeMediaOptions = {
  caching: MediaCaching;
  /** Offers a file name; `attachment` asks the browser to save the file rather than show it. */
  download?: { fileName: string; disposition: "inline" | "attachment" };
  /** How long the signed URL an S3 redirect points to stays valid; SIGNED_URL_SECONDS of the caching unless given. */
  signedUrlSeconds?: number;
  /** Told the bytes a GET is given, served here or by the redirect to storage: how downloads are counted. */
  onServe?: (bytes: { start: number; end: number; size: number }) => void;
};

const CACHE_CONTROL: Record<MediaCaching, string> = {
  // no-transform: a compressing proxy or middleware would change the bytes that ranges count.
  immutable: "public, max-age=31536000, immutable, no-transform",
  private: "private, no-store, no-transform",
};

/**
 * How long a signed S3 address lives. Public media may be cached for a year anyway, so an hour costs nothing. A private
 * address is the file itself to whoever holds it, so it lives five minutes; only a private download is redirected
 * (see `redirectsToStorage`), and a download that has started goes on past its address's end.
 */
const SIGNED_URL_SECONDS: Record<MediaCaching, number> = { immutable: 60 * 60, private: 5 * 60 };

/**
 * Whether a GET goes to storage's signed address. A browser keeps seeking on the address it was redirected to: once
 * a signed address expires, Chromium's range requests on it are refused and playback stalls without an error event
 * the page could act on (decision 048). So media a player seeks in is redirected only when it is public (an
 * hour is longer than a seek goes on); private media to play (premium or early-access audio, members' transcripts
 * and artwork) is streamed by this server, which checks access on every range and hands out no address at all; a
 * private download (a member's file, one request) is redirected to an address of minutes.
 */
const redirectsToStorage = (options: ServeMediaOptions) =>
  options.caching === "immutable" || options.download?.disposition === "attachment";

const plainText = (status: number, text: string, headers: HeadersInit = {}) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/** RFC 6266: an ASCII fallback name and the UTF-8 name. */
function contentDisposition(download: NonNullable<ServeMediaOptions["download"]>): string {
  const fallback = download.fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${download.disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(download.fileName)}`;
}

/**
 * Answers a GET or HEAD for the stored file `key`, for a route that has already decided the requester may have it:
 * `Accept-Ranges: bytes`, one byte range (206 with `Content-Range`, 416 with `Content-Range: bytes *\/size` past the
 * end), `ETag` and `Last-Modified` with 304 and `If-Range`, and the caching asked for. From S3 a GET is redirected
 * (307) to a short-lived signed URL, which serves the range itself, when the file is public or a private download;
 * HEAD, 304, 416 and private media to play are answered here. The body is streamed from storage, never read whole into
 * memory.
 */
export async function serveMedia(
  request: Request,
  storage: MediaStorage,
  key: string,
  options: ServeMediaOptions,
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD")
    return plainText(405, "Method not allowed", { Allow: "GET, HEAD" });
  const stored = await storage.stat(key);
  if (!stored) return plainText(404, "Not found");

  const cacheControl = CACHE_CONTROL[options.caching];
  const disposition = options.download ? contentDisposition(options.download) : undefined;
  const headers = new Headers({
    "Accept-Ranges": "bytes",
    "Cache-Control": cacheControl,
    "Content-Type": stored.contentType,
    ETag: stored.etag,
    "Last-Modified": stored.lastModified.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  });
  if (disposition) headers.set("Content-Disposition", disposition);

  const conditions = {
    ifNoneMatch: request.headers.get("If-None-Match"),
    ifModifiedSince: request.headers.get("If-Modified-Since"),
  };
  const validators = { etag: stored.etag, lastModified: headers.get("Last-Modified") };
  if (isNotModified(conditions, validators)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }

  const rangeHeader = request.headers.get("Range");
  const rangeAllowed = ifRangeHolds(request.headers.get("If-Range"), stored);
  const requested = rangeAllowed ? parseRangeHeader(rangeHeader, stored.size) : ({ kind: "whole" } as const);
  if (requested.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${stored.size}`);
    headers.delete("Content-Type");
    return new Response(null, { status: 416, headers });
  }

  const range = requested.kind === "range" ? requested.range : undefined;
  const served = () =>
    options.onServe?.({ start: range?.start ?? 0, end: range?.end ?? stored.size - 1, size: stored.size });

  // A stale If-Range asks for the whole file, yet the client would send its Range on to the signed URL: that rare
  // request is answered here.
  if (request.method === "GET" && (rangeAllowed || rangeHeader === null) && redirectsToStorage(options)) {
    const signedUrl = await storage.signedUrl(key, {
      expiresInSeconds: options.signedUrlSeconds ?? SIGNED_URL_SECONDS[options.caching],
      cacheControl,
      contentDisposition: disposition,
    });
    if (signedUrl !== null) {
      served();
      // The address changes with every signature, so the redirect itself is never cached.
      return new Response(null, { status: 307, headers: { Location: signedUrl, "Cache-Control": "no-store" } });
    }
  }

  const status = range ? 206 : 200;
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${stored.size}`);
  headers.set("Content-Length", String(range ? range.end - range.start + 1 : stored.size));
  if (request.method === "HEAD") return new Response(null, { status, headers });

  let body: Readable;
  try {
    body = await storage.read(key, range);
  } catch (error) {
    // Deleted between the stat and the read.
    if ((await storage.stat(key)) === null) return plainText(404, "Not found");
    throw error;
  }
  served();
  return responseFromNodeStream(body, { status, headers });
}
