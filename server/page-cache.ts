import { createHash, randomUUID } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { entityTag, isNotModified } from "../app/lib/conditional-get.server";
import { carriesPersonalCookie } from "../app/lib/request-cookies.server";
import { cacheDirectives } from "./shared-responses";

/**
 * The app as one fetch-style handler, with what the app needs of the request beyond it (its load context, and the
 * nonce the render gives the inline scripts it emits).
 */
export type PageHandler<Context> = (request: Request, context: Context) => Promise<Response>;

/** What the cache reads of a render's context: the nonce of the inline scripts the renderer itself emitted. */
export type RenderNonce = { cspNonce: string };

const CACHEABLE_CONTENT_TYPE = /^(?:text\/html|application\/json|application\/rss\+xml)/;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Headers of the rendered page that a stored copy repeats; the cache sets the encoding, length and ETag itself. */
const KEPT_HEADERS = ["content-type", "cache-control", "last-modified", "link", "x-robots-tag"];
const CONDITIONAL_HEADERS = ["if-none-match", "if-modified-since"];
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** One stored encoding of a page, with every header it is answered with, computed when the page is stored. */
type StoredEncoding = {
  body: Buffer;
  etag: string;
  /** The headers of a 200 and of a 304, X-Page-Cache and X-Request-Id aside. */
  ok: Record<string, string>;
  notModified: Record<string, string>;
};

export type CachedPage = {
  /** The rendered response's kept headers, then headersForCachedPage's. */
  headers: Record<string, string>;
  identity: StoredEncoding;
  gzip: StoredEncoding;
  /**
   * CSP sources ('sha256-…') of the inline scripts the renderer emitted (those with the render's nonce): a stored page
   * cannot carry a per-request nonce.
   */
  inlineScriptHashes: string[];
  contentVersion: string;
  storedAt: number;
};

export type PageCacheOptions = {
  /** Whether a path is answered by a route that declares itself public (app/lib/public-routes.ts). */
  isPublicPath(pathname: string): boolean;
  /** A value that changes whenever content shown on a public page changes (read from the database). */
  contentVersion(): Promise<string>;
  /** How often contentVersion is read at most: the longest a page outlives a change made by another process. */
  versionCheckIntervalMs?: number;
  /** A safety net for what the content version does not see (the clock, settings): entries expire after this. */
  maxAgeMs?: number;
  maxEntries?: number;
  /**
   * Headers every response of the server carries that the stored page must carry too, as the request's middleware
   * would have set them, and a Content-Security-Policy built from the page's inline script hashes; asked once, when
   * the page is stored.
   */
  headersForCachedPage?(page: Pick<CachedPage, "headers" | "inlineScriptHashes">): Record<string, string>;
  now?(): number;
};

/** A rendered response that is not stored (a 404, a redirect, one with a cookie), shared by concurrent requests. */
type UncachedResponse = { status: number; headers: [string, string][]; body: Buffer };

export type PageCache = {
  /**
   * The front door: answers a stored page straight from the Node request, before any middleware, and returns true;
   * returns false (synchronously or not) when the request must go on to the app.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  /** Wraps the app's handler: renders and stores public pages on a miss, and answers a page stored meanwhile. */
  wrap<Context extends RenderNonce>(handler: PageHandler<Context>): PageHandler<Context>;
  /** Drops every entry; call it after writing content that public pages show. */
  invalidate(): void;
  readonly size: number;
};

/**
 * The hashes of the inline scripts that carry the render's nonce: the renderer gives its own scripts that nonce, and
 * content cannot know it in advance, so a script that came in with content (however it got past the sanitiser) gets
 * no hash and does not run from a stored page.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, script] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/i.test(attributes) || !hasAttribute(attributes, "nonce", nonce)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
  }
  return [...hashes];
}

/** Whether a tag's attributes, as React writes them, hold `name="value"`. */
function hasAttribute(attributes: string, name: string, value: string): boolean {
  return value !== "" && ` ${attributes} `.replace(/\s+/g, " ").includes(` ${name}="${value}" `);
}

/**
 * A GET or HEAD without a query string from a visitor without a session or a stored cookie-notice dismissal, as the
 * site's one cookie parser reads the Cookie header: the only requests a stored page answers.
 */
export function isAnonymousRead(method: string | undefined, url: string, cookie: string | undefined | null): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (url.includes("?")) return false;
  return !carriesPersonalCookie(cookie);
}

/**
 * Whether a rendered response may be stored and answered to other visitors: a 200 of HTML, JSON or RSS without a
 * cookie that declares itself public (`Cache-Control: public`, neither `private` nor `no-store`). The response decides,
 * not the request: whatever a request looked like, a response rendered for a session says `private, no-store`.
 */
function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  if (!CACHEABLE_CONTENT_TYPE.test(response.headers.get("content-type") ?? "")) return false;
  const directives = cacheDirectives(response.headers.get("cache-control"));
  return directives.includes("public") && !directives.includes("private") && !directives.includes("no-store");
}

function acceptsGzip(header: string | undefined | null): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "*") return false;
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return !quality || Number(quality.slice(2)) > 0;
  });
}

/** The type as Express sends it (mime-types' rule): text and JSON name their charset. */
function withCharset(contentType: string): string {
  if (/;\s*charset=/i.test(contentType)) return contentType;
  return /^(?:text\/|application\/json\b)/i.test(contentType) ? `${contentType}; charset=utf-8` : contentType;
}

function storedEncoding(headers: Record<string, string>, body: Buffer, etag: string, gzip: boolean): StoredEncoding {
  const notModified = { ...headers, Vary: "Accept-Encoding", ETag: etag };
  const ok = { ...notModified, "Content-Length": String(body.length) };
  if (gzip) Object.assign(ok, { "Content-Encoding": "gzip" });
  return { body, etag, ok, notModified };
}

type ConditionalHeaders = { ifNoneMatch: string | null; ifModifiedSince: string | null };

/** The stored encoding a request gets, and whether its conditions allow a 304. */
function choose(page: CachedPage, acceptEncoding: string | null | undefined, conditions: ConditionalHeaders) {
  const encoding = acceptsGzip(acceptEncoding) ? page.gzip : page.identity;
  const notModified = isNotModified(conditions, {
    etag: encoding.etag,
    lastModified: page.headers["last-modified"] ?? null,
  });
  return { encoding, notModified };
}

const firstHeader = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(", ") : value) ?? null;
};

/**
 * Stores the public pages and the feed rendered and gzip-compressed, and answers anonymous GETs and HEADs of them
 * from memory, with 304 for a request whose If-None-Match or If-Modified-Since still holds. Which paths are public
 * is the routes' declaration; whether a rendered response is stored, the response's: a plain 200 of HTML, JSON or
 * RSS without a cookie that says `Cache-Control: public`. Everything else goes to the app as before
 * (docs/decisions/031-page-cache-front-door.md, 047-shared-responses-and-redirects.md).
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  const {
    isPublicPath,
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

  const versionIsDue = () => currentVersion === null || now() - versionCheckedAt >= versionCheckIntervalMs;

  const readContentVersion = async () => {
    if (!versionIsDue()) return currentVersion as string;
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

  /** The entry for a key while its content version holds and it has not expired; drops it otherwise. */
  const freshEntry = (key: string): CachedPage | undefined => {
    const page = entries.get(key);
    if (!page) return undefined;
    if (page.contentVersion === currentVersion && now() - page.storedAt < maxAgeMs) return page;
    entries.delete(key);
    return undefined;
  };

  const renderAndStore = async <Context extends RenderNonce>(
    handler: PageHandler<Context>,
    request: Request,
    context: Context,
    key: string,
    version: string,
  ): Promise<CachedPage | UncachedResponse> => {
    const startedIn = generation;
    // Rendered without the request's conditions: the cache stores the full page and answers conditional requests
    // itself, and a feed polled only by readers that send them would otherwise never be stored.
    const headers = new Headers(request.headers);
    for (const name of CONDITIONAL_HEADERS) headers.delete(name);
    const response = await handler(new Request(request.url, { headers, signal: request.signal }), context);
    if (!isCacheableResponse(response)) {
      const kept: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (name !== "set-cookie") kept.push([name, value]);
      });
      for (const cookie of response.headers.getSetCookie()) kept.push(["set-cookie", cookie]);
      return { status: response.status, headers: kept, body: Buffer.from(await response.arrayBuffer()) };
    }
    const identity = Buffer.from(await response.arrayBuffer());
    const pageHeaders: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) pageHeaders[name] = name === "content-type" ? withCharset(value) : value;
    }
    const hashes = inlineScriptHashes(identity.toString("utf8"), context.cspNonce);
    if (headersForCachedPage) {
      Object.assign(pageHeaders, headersForCachedPage({ headers: pageHeaders, inlineScriptHashes: hashes }));
    }
    const identityTag = entityTag(identity);
    const page: CachedPage = {
      headers: pageHeaders,
      identity: storedEncoding(pageHeaders, identity, identityTag, false),
      gzip: storedEncoding(pageHeaders, gzipSync(identity, { level: 9 }), `${identityTag.slice(0, -1)}-gz"`, true),
      inlineScriptHashes: hashes,
      contentVersion: version,
      storedAt: now(),
    };
    // Written only if the content did not change while rendering; an older render never replaces a newer one.
    if (currentVersion === version && generation === startedIn) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, page);
    }
    return page;
  };

  const pageResponse = (page: CachedPage, request: Request, status: "hit" | "miss") => {
    const { encoding, notModified } = choose(page, request.headers.get("accept-encoding"), {
      ifNoneMatch: request.headers.get("if-none-match"),
      ifModifiedSince: request.headers.get("if-modified-since"),
    });
    const headers = { ...(notModified ? encoding.notModified : encoding.ok), "X-Page-Cache": status };
    if (notModified) return new Response(null, { status: 304, headers });
    return new Response(request.method === "HEAD" ? null : new Uint8Array(encoding.body), { status: 200, headers });
  };

  const wrap =
    <Context extends RenderNonce>(handler: PageHandler<Context>): PageHandler<Context> =>
    async (request, context) => {
      const url = new URL(request.url);
      const key = url.pathname;
      const anonymousRead = !url.search && isAnonymousRead(request.method, key, request.headers.get("cookie"));
      if (!anonymousRead || !isPublicPath(key)) return handler(request, context);
      const version = await readContentVersion().catch(() => null);
      if (version === null) return handler(request, context);
      const stored = freshEntry(key);
      if (stored) return pageResponse(stored, request, "hit");
      let pending = rendering.get(key);
      const joined = pending !== undefined;
      if (!pending) {
        pending = renderAndStore(handler, request, context, key, version).finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      const page = await pending;
      if ("identity" in page) return pageResponse(page, request, "miss");
      // A response meant for one request (a cookie, a redirect, an error) is never handed to another one: a request
      // that joined someone else's render renders its own. As the database may be gone after a server error, the
      // next request reads the content version again instead of trusting stored pages.
      if (page.status >= 500) versionCheckedAt = Number.NEGATIVE_INFINITY;
      if (joined) return handler(request, context);
      const headers = new Headers(page.headers);
      headers.set("X-Page-Cache", "miss");
      const body = NULL_BODY_STATUSES.has(page.status) || request.method === "HEAD" ? null : new Uint8Array(page.body);
      return new Response(body, { status: page.status, headers });
    };

  const send = (req: IncomingMessage, res: ServerResponse, page: CachedPage) => {
    const { encoding, notModified } = choose(page, firstHeader(req.headers, "accept-encoding"), {
      ifNoneMatch: firstHeader(req.headers, "if-none-match"),
      ifModifiedSince: firstHeader(req.headers, "if-modified-since"),
    });
    res.setHeader("X-Request-Id", randomUUID());
    res.setHeader("X-Page-Cache", "hit");
    if (notModified) {
      res.writeHead(304, encoding.notModified).end();
      return;
    }
    res.writeHead(200, encoding.ok);
    if (req.method === "HEAD") res.end();
    else res.end(encoding.body);
  };

  const answer = (req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> => {
    const key = req.url ?? "";
    if (!isAnonymousRead(req.method, key, firstHeader(req.headers, "cookie"))) return false;
    if (!entries.has(key)) return false;
    const answerFromMemory = () => {
      const page = freshEntry(key);
      if (!page) return false;
      send(req, res, page);
      return true;
    };
    if (!versionIsDue()) return answerFromMemory();
    // Without the database the content version is unknown: the request goes on to the app, whose database check
    // answers 503 while the database is unreachable.
    return readContentVersion().then(answerFromMemory, () => false);
  };

  return {
    answer,
    wrap,
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
