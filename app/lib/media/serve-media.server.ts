import type { Readable } from "node:stream";
import { MEDIA_CACHE_CONTROL, type MediaCaching, mediaAnswer } from "./media-answer.server";
import type { MediaStorage } from "./media-storage.server";
import { responseFromNodeStream } from "./node-body.server";

export type ServeMediaOptions = {
  caching: MediaCaching;
  /** Offers a file name; `attachment` asks the browser to save the file rather than show it. */
  download?: { fileName: string; disposition: "inline" | "attachment" };
  /** How long the signed URL an S3 redirect points to stays valid; SIGNED_URL_SECONDS of the caching unless given. */
  signedUrlSeconds?: number;
  /** Told the bytes a GET is given, served here or by the redirect to storage: how downloads are counted. */
  onServe?: (bytes: { start: number; end: number; size: number }) => void;
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

  const cacheControl = MEDIA_CACHE_CONTROL[options.caching];
  const disposition = options.download ? contentDisposition(options.download) : undefined;
  const answer = mediaAnswer(
    stored,
    {
      ifNoneMatch: request.headers.get("If-None-Match"),
      ifModifiedSince: request.headers.get("If-Modified-Since"),
      range: request.headers.get("Range"),
      ifRange: request.headers.get("If-Range"),
    },
    options.caching,
    disposition,
  );
  if (answer.kind === "no body") return new Response(null, { status: answer.status, headers: answer.headers });

  const { range, status, headers } = answer;
  const served = () =>
    options.onServe?.({ start: range?.start ?? 0, end: range?.end ?? stored.size - 1, size: stored.size });

  // A stale If-Range asks for the whole file, yet the client would send its Range on to the signed URL: that rare
  // request is answered here.
  if (request.method === "GET" && answer.rangeAsSent && redirectsToStorage(options)) {
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

  if (request.method === "HEAD") return new Response(null, { status, headers });

  let body: Readable;
  try {
    body = await storage.read(key, range);
  } catch (error) {
    // Deleted between the stat and the read.
    if ((await storage.stat(key)) === null) return plainText(404, "Not found");
    throw error;
  }
  // A client that goes away before the response is written leaves it unread (React Router drops the answer of an
  // aborted request): the file closes with the request rather than when the stream is collected.
  const closeFile = () => body.destroy();
  request.signal.addEventListener("abort", closeFile, { once: true });
  body.once("close", () => request.signal.removeEventListener("abort", closeFile));
  served();
  return responseFromNodeStream(body, { status, headers });
}
