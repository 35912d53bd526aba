import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { entityTag, isNotModified } from "../app/lib/conditional-get.server";

/**
 * The anonymous public pages, the same HTML for every visitor without a session, the public insight list that
 * /insights loads, and the podcast feed (docs/decisions/027-page-cache.md).
 */
const PUBLIC_PAGE_PATH =
  /^\/(?:about|briefing|podcast|podcast\.xml|insights|insights\/[^/]+|contact|links|privacy-policy|terms-of-service|cookie-policy|guest-application|api\/insights)?$/;
const CACHEABLE_CONTENT_TYPE = /^(?:text\/html|application\/json|application\/rss\+xml)/;
const SESSION_COOKIE = /(?:^|;\s*)sid=/;
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
/** Headers of the rendered page that a cached copy repeats; the cache sets the encoding, length and ETag itself. */
const KEPT_HEADERS = ["content-type", "cache-control", "last-modified", "link", "x-robots-tag"];

export type CachedPage = {
  /** Headers it is served with: those kept from the rendered response, then headersForCachedPage's. */
  headers: Record<string, string>;
  identity: Buffer;
  gzip: Buffer;
  etag: string;
  /** CSP sources ('sha256-…') of the page's inline scripts: a cached page cannot carry a per-request nonce. */
  inlineScriptHashes: string[];
  contentVersion: string;
  storedAt: number;
};

export type PageCacheOptions = {
  /**
   * Renders the page for a request, as the app would answer it without the request's If-None-Match and
   * If-Modified-Since: the cache stores the full page and answers conditional requests itself.
   */
  render(req: ExpressRequest): Promise<Response>;
  /** A value that changes whenever content shown on a public page changes (read from the database). */
  contentVersion(): Promise<string>;
  /** How often contentVersion is read at most: the longest a page outlives a change made by another process. */
  versionCheckIntervalMs?: number;
  /** A safety net for what the content version does not see (the clock, settings): entries expire after this. */
  maxAgeMs?: number;
  maxEntries?: number;
  /**
   * Extra headers for a cached page, such as a Content-Security-Policy built from its inline script hashes; asked once,
   * when the page is stored.
   */
  headersForCachedPage?(page: CachedPage): Record<string, string>;
  now?(): number;
};

/** A rendered response that is not stored (a 404, a redirect, one with a cookie), shared by concurrent requests. */
type UncachedResponse = { status: number; headers: [string, string][]; body: Buffer };

export type PageCache = {
  middleware: RequestHandler;
  /** Drops every entry; call it after writing content that public pages show. */
  invalidate(): void;
  readonly size: number;
};

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash("sha256").update(match[1]).digest("base64")}'`);
  }
  return [...hashes];
}

export function isCacheableRequest(req: Pick<ExpressRequest, "method" | "originalUrl" | "headers">): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.originalUrl.includes("?")) return false;
  if (!PUBLIC_PAGE_PATH.test(req.originalUrl)) return false;
  return !SESSION_COOKIE.test(req.headers.cookie ?? "");
}

function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  if (!CACHEABLE_CONTENT_TYPE.test(response.headers.get("content-type") ?? "")) return false;
  return !/no-store|private/i.test(response.headers.get("cache-control") ?? "");
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return !quality || Number(quality.slice(2)) > 0;
  });
}

/**
 * Serves anonymous GETs and HEADs of the public pages and the feed from memory, stored rendered and gzip-compressed,
 * with 304 for a request whose If-None-Match or If-Modified-Since still holds. Signed-in visitors, query strings,
 * other methods and paths, and responses that are not a plain 200 page go to the app as before.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const {
    render,
    contentVersion,
    versionCheckIntervalMs = 1000,
    maxAgeMs = 5 * 60_000,
    maxEntries = 500,
    headersForCachedPage,
    now = Date.now,
  } = options;
  const entries = new Map<string, CachedPage>();
  const rendering = new Map<string, Promise<CachedPage | UncachedResponse>>();
  let currentVersion: string | null = null;
  let versionCheckedAt = Number.NEGATIVE_INFINITY;
  let versionCheck: Promise<string> | null = null;
  let generation = 0;

  const readContentVersion = async () => {
    if (currentVersion !== null && now() - versionCheckedAt < versionCheckIntervalMs) return currentVersion;
    versionCheck ??= contentVersion()
      .then((version) => {
        if (version !== currentVersion) {
          entries.clear();
          generation += 1;
        }
        currentVersion = version;
        versionCheckedAt = now();
        return version;
      })
      .finally(() => {
        versionCheck = null;
      });
    return versionCheck;
  };

  const renderAndStore = async (
    req: ExpressRequest,
    key: string,
    version: string,
  ): Promise<CachedPage | UncachedResponse> => {
    const startedIn = generation;
    const response = await render(req);
    if (!isCacheableResponse(response)) {
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") headers.push([name, value]);
      });
      for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
      return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
    }
    const identity = Buffer.from(await response.arrayBuffer());
    const html = identity.toString("utf8");
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const page: CachedPage = {
      headers,
      identity,
      gzip: gzipSync(identity, { level: 9 }),
      etag: entityTag(identity),
      inlineScriptHashes: inlineScriptHashes(html),
      contentVersion: version,
      storedAt: now(),
    };
    if (headersForCachedPage) Object.assign(page.headers, headersForCachedPage(page));
    // Written only if the content did not change while rendering; an older render never replaces a newer one.
    if (currentVersion === version && generation === startedIn) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, page);
    }
    return page;
  };

  const middleware: RequestHandler = async (req, res, next) => {
    if (!isCacheableRequest(req)) return next();
    try {
      const key = req.originalUrl;
      // Without the database the content version is unknown: the request goes on to the app, whose database check
      // answers 503 while the database is unreachable.
      const version = await readContentVersion().catch(() => null);
      if (version === null) return next();
      let page: CachedPage | UncachedResponse | undefined = entries.get(key);
      let status = "hit";
      let joined = false;
      if (page && (page.contentVersion !== version || now() - page.storedAt >= maxAgeMs)) {
        entries.delete(key);
        page = undefined;
      }
      if (!page) {
        status = "miss";
        let pending = rendering.get(key);
        joined = pending !== undefined;
        if (!pending) {
          pending = renderAndStore(req, key, version).finally(() => rendering.delete(key));
          rendering.set(key, pending);
        }
        page = await pending;
      }
      if (!("etag" in page)) {
        // A response meant for one request (a cookie, a redirect, an error) is never handed to another one. A server
        // error goes to the app's own path, whose database check answers 503 while the database is unreachable; as the
        // database may be gone, the next request reads the content version again instead of trusting stored pages.
        if (page.status >= 500) {
          versionCheckedAt = Number.NEGATIVE_INFINITY;
          return next();
        }
        if (joined) return next();
        res.status(page.status).set("X-Page-Cache", "miss");
        for (const [name, value] of page.headers) {
          if (name !== "content-length" && name !== "content-encoding") res.append(name, value);
        }
        res.end(page.body);
        return;
      }
      const gzip = acceptsGzip(req.headers["accept-encoding"]);
      const etag = gzip ? `${page.etag.slice(0, -1)}-gz"` : page.etag;
      res.set(page.headers);
      res.set({ Vary: "Accept-Encoding", ETag: etag, "X-Page-Cache": status });
      const conditions = {
        ifNoneMatch: req.headers["if-none-match"] ?? null,
        ifModifiedSince: req.headers["if-modified-since"] ?? null,
      };
      if (isNotModified(conditions, { etag, lastModified: page.headers["last-modified"] ?? null })) {
        res.status(304).end();
        return;
      }
      const body = gzip ? page.gzip : page.identity;
      if (gzip) res.set("Content-Encoding", "gzip");
      res.set("Content-Length", String(body.length));
      res.status(200).end(body);
    } catch (error) {
      next(error);
    }
  };

  return {
    middleware,
    invalidate() {
      entries.clear();
      generation += 1;
      currentVersion = null;
    },
    get size() {
      return entries.size;
    },
  };
}
