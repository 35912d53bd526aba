import { createHash } from "node:crypto";

type CacheableBody = {
  body: string;
  contentType: string;
  /** When the content last changed; null when nothing dates it (then only the ETag validates). */
  lastModified: Date | null;
  cacheControl: string;
};

const entityTag = (body: string) => `"${createHash("sha256").update(body, "utf8").digest("base64url").slice(0, 32)}"`;

function matchesEntityTag(ifNoneMatch: string, tag: string): boolean {
  return ifNoneMatch
    .split(",")
    .map((candidate) => candidate.trim().replace(/^W\//, ""))
    .some((candidate) => candidate === "*" || candidate === tag);
}

function unchangedSince(ifModifiedSince: string, lastModified: Date | null): boolean {
  const since = Date.parse(ifModifiedSince);
  if (lastModified === null || Number.isNaN(since)) return false;
  // HTTP dates carry whole seconds.
  return Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * The body with an ETag and Last-Modified, or a 304 without a body when the request's validators match (RFC 9110:
 * If-None-Match decides when present, If-Modified-Since otherwise).
 */
export function conditionalResponse(request: Request, content: CacheableBody): Response {
  const tag = entityTag(content.body);
  const headers = new Headers({ ETag: tag, "Cache-Control": content.cacheControl });
  if (content.lastModified) headers.set("Last-Modified", content.lastModified.toUTCString());

  const ifNoneMatch = request.headers.get("If-None-Match");
  const ifModifiedSince = request.headers.get("If-Modified-Since");
  const notModified =
    ifNoneMatch !== null
      ? matchesEntityTag(ifNoneMatch, tag)
      : ifModifiedSince !== null && unchangedSince(ifModifiedSince, content.lastModified);
  if (notModified) return new Response(null, { status: 304, headers });

  headers.set("Content-Type", content.contentType);
  return new Response(content.body, { status: 200, headers });
}
