import { createHash } from "node:crypto";

type CacheableBody = {
  body: string;
  contentType: string;
  /** When the content last changed; null when nothing dates it (then only the ETag validates). */
  lastModified: Date | null;
  cacheControl: string;
};

/** A strong ETag for these bytes (a string counts as its UTF-8 bytes). */
export const entityTag = (body: string | Uint8Array) =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;

function matchesEntityTag(ifNoneMatch: string, tag: string): boolean {
  return ifNoneMatch
    .split(",")
    .map((candidate) => candidate.trim().replace(/^W\//, ""))
    .some((candidate) => candidate === "*" || candidate === tag);
}

function unchangedSince(ifModifiedSince: string, lastModified: string | null): boolean {
  const since = Date.parse(ifModifiedSince);
  const modified = lastModified === null ? Number.NaN : Date.parse(lastModified);
  if (Number.isNaN(modified) || Number.isNaN(since)) return false;
  // HTTP dates carry whole seconds.
  return Math.floor(modified / 1000) <= Math.floor(since / 1000);
}

/**
 * Whether a GET or HEAD may be answered 304 (RFC 9110: If-None-Match decides when present, If-Modified-Since
 * otherwise), given the request's conditions and the ETag and Last-Modified the response would carry.
 */
export function isNotModified(
  conditions: { ifNoneMatch: string | null; ifModifiedSince: string | null },
  validators: { etag: string; lastModified: string | null },
): boolean {
  if (conditions.ifNoneMatch !== null) return matchesEntityTag(conditions.ifNoneMatch, validators.etag);
  return conditions.ifModifiedSince !== null && unchangedSince(conditions.ifModifiedSince, validators.lastModified);
}

/** The body with an ETag and Last-Modified, or a 304 without a body when the request's validators match. */
export function conditionalResponse(request: Request, content: CacheableBody): Response {
  const etag = entityTag(content.body);
  const lastModified = content.lastModified?.toUTCString() ?? null;
  const headers = new Headers({ ETag: etag, "Cache-Control": content.cacheControl });
  if (lastModified !== null) headers.set("Last-Modified", lastModified);

  const conditions = {
    ifNoneMatch: request.headers.get("If-None-Match"),
    ifModifiedSince: request.headers.get("If-Modified-Since"),
  };
  if (isNotModified(conditions, { etag, lastModified })) return new Response(null, { status: 304, headers });

  headers.set("Content-Type", content.contentType);
  return new Response(content.body, { status: 200, headers });
}
