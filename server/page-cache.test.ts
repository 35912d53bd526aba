import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { rawGet } from "#tests/server/helpers";
import { PODCAST_FEED_CONTENT_TYPE } from "../app/features/episodes/podcast-feed.server";
import { conditionalResponse, entityTag } from "../app/lib/conditional-get.server";
import { fetchRequest, sendResponse } from "./fetch-adapter";
import {
  type CachedPage,
  createPageCache,
  inlineScriptHashes,
  isAnonymousRead,
  type PageCacheOptions,
  type PageHandler,
  type RenderNonce,
} from "./page-cache";
import { PUBLIC_CACHE_CONTROL } from "./shared-responses";

type Rendered = { status?: number; body?: string; headers?: Record<string, string> };

/** The nonce of every render in these tests: the renderer's own inline scripts carry it. */
const NONCE = "cmVuZGVyLW5vbmNl";

const PUBLIC_PATH = /^\/(?:about|podcast|podcast\.xml|insights|insights\/[^/]+|contact|links)?$/;

/**
 * The cache as the server runs it: answering from memory before Express, and wrapping the handler Express hands
 * every request to. `appRequests` counts the requests that reached Express.
 */
async function serve(cache: ReturnType<typeof createPageCache>, handler: PageHandler<RenderNonce>) {
  const stats = { appRequests: 0 };
  const app = express();
  const handle = cache.wrap(handler);
  app.use(async (req, res, next) => {
    stats.appRequests += 1;
    try {
      await sendResponse(res, await handle(fetchRequest(req, res), { cspNonce: NONCE }));
    } catch (error) {
      next(error);
    }
  });
  const server = http.createServer(async (req, res) => {
    if (!(await cache.answer(req, res))) app(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stats };
}

/** The cache in front of a renderer that counts its calls; its pages declare themselves public unless told otherwise. */
async function startCache(
  respond: (path: string) => Rendered = (path) => ({ body: `<html><body>page ${path}</body></html>` }),
  options: { version?: () => string; headersForCachedPage?: PageCacheOptions["headersForCachedPage"] } = {},
) {
  const renders: string[] = [];
  const cache = createPageCache({
    isPublicPath: (path) => PUBLIC_PATH.test(path),
    contentVersion: async () => options.version?.() ?? "v1",
    versionCheckIntervalMs: 0,
    headersForCachedPage: options.headersForCachedPage,
  });
  const { url, stats } = await serve(cache, async (request) => {
    const { pathname, search } = new URL(request.url);
    renders.push(pathname + search);
    const { status = 200, body = "", headers = {} } = respond(pathname);
    return new Response(body, {
      status,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": PUBLIC_CACHE_CONTROL, ...headers },
    });
  });
  return { cache, renders, url, stats };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("the page cache", () => {
  it("renders a public page once and then answers from memory, with the same body", async () => {
    const { renders, url, stats } = await startCache();
    const first = await fetch(`${url}/about`);
    const second = await fetch(`${url}/about`);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(await second.text()).toBe("<html><body>page /about</body></html>");
    expect(renders).toEqual(["/about"]);
    // The stored page was answered before Express.
    expect(stats.appRequests).toBe(1);
  });

  it("serves the stored gzip body to clients that accept gzip, the plain one to others, and varies on it", async () => {
    const { url } = await startCache();
    const raw = await rawGet(`${url}/`, { "accept-encoding": "gzip, br" });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.headers.vary).toBe("Accept-Encoding");
    expect(gunzipSync(raw.body).toString()).toBe("<html><body>page /</body></html>");
    expect(raw.headers["content-length"]).toBe(String(raw.body.length));

    const plain = await rawGet(`${url}/`, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe("<html><body>page /</body></html>");
    expect(plain.headers.etag).not.toBe(raw.headers.etag);

    const refused = await rawGet(`${url}/`, { "accept-encoding": "gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("hands the request to the app when the content version cannot be read (the database is down)", async () => {
    let databaseUp = true;
    const { renders, url } = await startCache(undefined, {
      version: () => {
        if (!databaseUp) throw new Error("connection refused");
        return "v1";
      },
    });
    expect((await fetch(`${url}/about`)).status).toBe(200);
    databaseUp = false;
    const answer = await fetch(`${url}/about`);
    expect(answer.headers.get("x-page-cache")).toBeNull();
    expect(await answer.text()).toBe("<html><body>page /about</body></html>");
    expect(renders).toEqual(["/about", "/about"]);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const { url } = await startCache();
    const first = await rawGet(`${url}/links`, { "accept-encoding": "gzip" });
    const again = await rawGet(`${url}/links`, {
      "accept-encoding": "gzip",
      "if-none-match": String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("never answers signed-in visitors, query strings, other methods or other paths from the cache", async () => {
    const { renders, url } = await startCache();
    await fetch(`${url}/about`);
    const paths = [
      ["/about", { headers: { cookie: "theme=dark; sid=abc" } }],
      ["/about?utm=1", {}],
      ["/about", { method: "POST" }],
      ["/members/dashboard", {}],
      ["/admin", {}],
      ["/api/insights/some-id", {}],
      ["/insights/a/b", {}],
    ] as const;
    for (const [path, init] of paths) {
      const response = await fetch(`${url}${path}`, init);
      const request = `${init && "method" in init ? init.method : "GET"} ${path}`;
      expect(response.headers.get("x-page-cache"), request).toBeNull();
    }
    expect(renders).toEqual(["/about", ...paths.map(([path]) => path)]);
  });

  it("does not store non-200 responses or responses that set a cookie, and passes them on as rendered", async () => {
    const { cache, renders, url } = await startCache((path) =>
      path === "/insights/missing"
        ? { status: 404, body: "not found" }
        : { body: "with cookie", headers: { "set-cookie": "a=1; Path=/" } },
    );
    const missing = await fetch(`${url}/insights/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("not found");
    const withCookie = await fetch(`${url}/contact`);
    expect(withCookie.headers.get("set-cookie")).toBe("a=1; Path=/");
    await fetch(`${url}/insights/missing`);
    await fetch(`${url}/contact`);
    expect(renders).toEqual(["/insights/missing", "/contact", "/insights/missing", "/contact"]);
    expect(cache.size).toBe(0);
  });

  it("passes a server error on unstored, and reads the content version again before answering from memory", async () => {
    let versionReads = 0;
    const cache = createPageCache({
      isPublicPath: (path) => PUBLIC_PATH.test(path),
      contentVersion: async () => {
        versionReads += 1;
        return "v1";
      },
      versionCheckIntervalMs: 60_000,
    });
    const { url } = await serve(cache, async (request) =>
      new URL(request.url).pathname === "/podcast"
        ? new Response("render failed", { status: 500, headers: { "content-type": "text/html" } })
        : new Response("<html>stored</html>", {
            headers: { "content-type": "text/html", "cache-control": PUBLIC_CACHE_CONTROL },
          }),
    );
    expect((await fetch(`${url}/about`)).status).toBe(200);
    expect(versionReads).toBe(1);
    const failed = await fetch(`${url}/podcast`);
    expect([failed.status, await failed.text()]).toEqual([500, "render failed"]);
    expect(cache.size).toBe(1);
    expect((await fetch(`${url}/about`)).headers.get("x-page-cache")).toBe("hit");
    expect(versionReads).toBe(2);
  });

  it("renders again after invalidate() and after the content version changes", async () => {
    let version = "v1";
    let title = "first";
    const { cache, renders, url } = await startCache(() => ({ body: title }), { version: () => version });
    expect(await (await fetch(`${url}/insights`)).text()).toBe("first");
    title = "second";
    expect(await (await fetch(`${url}/insights`)).text()).toBe("first");
    cache.invalidate();
    expect(await (await fetch(`${url}/insights`)).text()).toBe("second");
    title = "third";
    version = "v2";
    expect(await (await fetch(`${url}/insights`)).text()).toBe("third");
    expect(renders).toEqual(["/insights", "/insights", "/insights"]);
  });

  it("renders a page once for concurrent first requests", async () => {
    const { renders, url } = await startCache();
    const bodies = await Promise.all(Array.from({ length: 5 }, () => fetch(`${url}/podcast`).then((r) => r.text())));
    expect(new Set(bodies)).toEqual(new Set(["<html><body>page /podcast</body></html>"]));
    expect(renders).toEqual(["/podcast"]);
  });

  it("hands the hashes of the render's own inline scripts to headersForCachedPage, for a hash-based CSP", async () => {
    const script = "window.__data = 1;";
    const { url } = await startCache(
      () => ({ body: `<script nonce="${NONCE}">${script}</script><script src="/a.js" nonce="${NONCE}"></script>` }),
      {
        headersForCachedPage: (page) => ({
          "content-security-policy": `script-src 'self' ${page.inlineScriptHashes.join(" ")}`,
        }),
      },
    );
    const response = await fetch(`${url}/`);
    const hash = createHash("sha256").update(script).digest("base64");
    expect(response.headers.get("content-security-policy")).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it("gives no hash to an inline script that came in with the page's content, without the render's nonce", async () => {
    const own = "window.__routerData = {};";
    const smuggled = ["alert(document.cookie)", "fetch('/api/members/export')", "steal()"];
    const cachedPages: Pick<CachedPage, "inlineScriptHashes">[] = [];
    const { url } = await startCache(
      () => ({
        body: [
          `<main><article><p>An insight</p><script>${smuggled[0]}</script>`,
          `<script nonce="guessed">${smuggled[1]}</script><script type="module" data-nonce="${NONCE}">${smuggled[2]}</script>`,
          `</article></main><script nonce="${NONCE}">${own}</script>`,
        ].join(""),
      }),
      {
        headersForCachedPage: (page) => {
          cachedPages.push(page);
          return {};
        },
      },
    );
    await fetch(`${url}/insights/with-a-script`);
    const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    expect(cachedPages.map((page) => page.inlineScriptHashes)).toEqual([[hashOf(own)]]);
  });

  it("stores only responses that declare themselves public, and passes the others on as rendered", async () => {
    const cacheControls: Record<string, string | undefined> = {
      "/about": undefined,
      "/contact": "private, no-store",
      "/links": "no-store",
      "/podcast": "public, no-store",
      "/insights": "Private, Public",
      "/": "no-cache",
    };
    const { cache, renders, url } = await startCache((path) => ({
      body: `page ${path}`,
      headers: { "cache-control": cacheControls[path] ?? "" },
    }));
    for (const path of Object.keys(cacheControls)) {
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await fetch(`${url}${path}`);
        expect([path, response.status, await response.text()]).toEqual([path, 200, `page ${path}`]);
      }
    }
    expect(renders).toEqual(Object.keys(cacheControls).flatMap((path) => [path, path]));
    expect(cache.size).toBe(0);
  });

  it("never stores a render for a request it took for anonymous when the render says it was for a session", async () => {
    // The session reader and the cache read one parser; should they ever disagree, the response still decides.
    const { cache, url } = await startCache((path) =>
      path === "/podcast" ? { body: "member's page", headers: { "cache-control": "private, no-store" } } : {},
    );
    const member = await rawGet(`${url}/podcast`, { cookie: "\u00a0sid=token" });
    expect(member.body.toString()).toBe("member's page");
    expect(cache.size).toBe(0);
  });
});

describe("the podcast feed in the page cache", () => {
  const FEED =
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Show</title></channel></rss>';
  const LAST_MODIFIED = "Thu, 02 Oct 2025 08:30:15 GMT";

  /** The cache in front of a feed rendered as its route renders it, conditional requests included. */
  async function startFeedCache(options: { version?: () => string } = {}) {
    const renders: string[] = [];
    const cachedPages: Pick<CachedPage, "inlineScriptHashes">[] = [];
    const cache = createPageCache({
      isPublicPath: (path) => PUBLIC_PATH.test(path),
      contentVersion: async () => options.version?.() ?? "v1",
      versionCheckIntervalMs: 0,
      headersForCachedPage: (page) => {
        cachedPages.push(page);
        return {};
      },
    });
    const { url } = await serve(cache, async (request) => {
      renders.push(new URL(request.url).pathname);
      return conditionalResponse(request, {
        body: FEED,
        contentType: PODCAST_FEED_CONTENT_TYPE,
        lastModified: new Date(LAST_MODIFIED),
        cacheControl: "public, max-age=300",
      });
    });
    return { renders, cachedPages, feedUrl: `${url}/podcast.xml` };
  }

  it("renders the feed once, then answers from memory with its type, ETag, Last-Modified and Cache-Control", async () => {
    const { renders, feedUrl } = await startFeedCache();
    const first = await rawGet(feedUrl);
    const second = await rawGet(feedUrl);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(renders).toEqual(["/podcast.xml"]);
    expect(second.status).toBe(200);
    expect(second.body.toString()).toBe(FEED);
    expect(second.headers).toMatchObject({
      "content-type": PODCAST_FEED_CONTENT_TYPE,
      etag: entityTag(FEED),
      "last-modified": LAST_MODIFIED,
      "cache-control": "public, max-age=300",
      "content-length": String(Buffer.byteLength(FEED)),
    });

    const gzip = await rawGet(feedUrl, { "accept-encoding": "gzip" });
    expect(gzip.headers["x-page-cache"]).toBe("hit");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(FEED);
    expect(gzip.headers["last-modified"]).toBe(LAST_MODIFIED);
    expect(renders).toEqual(["/podcast.xml"]);
  });

  it("answers 304 from memory while If-Modified-Since still holds, 200 once it is older, If-None-Match deciding", async () => {
    const { renders, feedUrl } = await startFeedCache();
    await rawGet(feedUrl);
    const etag = entityTag(FEED);
    for (const headers of [
      { "if-modified-since": LAST_MODIFIED },
      { "if-modified-since": "Fri, 03 Oct 2025 00:00:00 GMT" },
      { "if-none-match": etag },
      { "if-none-match": `"other", W/${etag}` },
      { "if-none-match": etag, "if-modified-since": "Wed, 01 Oct 2025 00:00:00 GMT" },
    ] as Record<string, string>[]) {
      const reply = await rawGet(feedUrl, headers);
      expect({ headers, status: reply.status, body: reply.body.toString() }).toEqual({
        headers,
        status: 304,
        body: "",
      });
      expect(reply.headers).toMatchObject({ etag, "last-modified": LAST_MODIFIED, "x-page-cache": "hit" });
    }
    for (const headers of [
      { "if-modified-since": "Thu, 02 Oct 2025 08:30:14 GMT" },
      { "if-modified-since": "not a date" },
      { "if-none-match": '"an-older-version"', "if-modified-since": "Fri, 03 Oct 2025 00:00:00 GMT" },
    ] as Record<string, string>[]) {
      const reply = await rawGet(feedUrl, headers);
      expect({ headers, status: reply.status, body: reply.body.toString() }).toEqual({
        headers,
        status: 200,
        body: FEED,
      });
    }
    expect(renders).toEqual(["/podcast.xml"]);
  });

  it("stores the whole feed when the first request is conditional, and answers that one 304", async () => {
    const { renders, feedUrl } = await startFeedCache();
    const conditional = await rawGet(feedUrl, { "if-modified-since": LAST_MODIFIED });
    expect([conditional.status, conditional.headers["x-page-cache"]]).toEqual([304, "miss"]);
    const plain = await rawGet(feedUrl);
    expect([plain.status, plain.headers["x-page-cache"], plain.body.toString()]).toEqual([200, "hit", FEED]);
    expect(renders).toEqual(["/podcast.xml"]);
  });

  it("answers HEAD from memory with the GET's headers and no body", async () => {
    const { renders, feedUrl } = await startFeedCache();
    const get = await fetch(feedUrl);
    await get.arrayBuffer();
    const head = await fetch(feedUrl, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-page-cache")).toBe("hit");
    for (const name of ["content-type", "content-length", "content-encoding", "etag", "last-modified"]) {
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    }
    expect(await head.text()).toBe("");
    expect(renders).toEqual(["/podcast.xml"]);
  });

  it("renders the feed again when the content version changes", async () => {
    let version = "v1";
    const { renders, feedUrl } = await startFeedCache({ version: () => version });
    await rawGet(feedUrl);
    version = "v2";
    expect((await rawGet(feedUrl)).headers["x-page-cache"]).toBe("miss");
    expect(renders).toEqual(["/podcast.xml", "/podcast.xml"]);
  });

  it("finds no inline scripts in the feed, so a hash-based policy allows none", async () => {
    const { cachedPages, feedUrl } = await startFeedCache();
    await rawGet(feedUrl);
    expect(cachedPages.map((page) => page.inlineScriptHashes)).toEqual([[]]);
  });
});

describe("inlineScriptHashes", () => {
  const hashOf = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;

  it("hashes each distinct inline script that carries the render's nonce, and skips external ones", () => {
    const html =
      '<script nonce="n+/=" type="module">a()</script><script src="x.js" nonce="n+/="></script><script nonce="n+/=">a()</script><script nonce="n+/=">b()</script>';
    expect(inlineScriptHashes(html, "n+/=")).toEqual([hashOf("a()"), hashOf("b()")]);
  });

  it("skips inline scripts without the nonce, with another one, or with it in another attribute", () => {
    const html =
      '<script>a()</script><script nonce="other">b()</script><script data-nonce="n">c()</script><script nonce="n2">d()</script>';
    expect(inlineScriptHashes(html, "n")).toEqual([]);
    expect(inlineScriptHashes('<script nonce="">a()</script>', "")).toEqual([]);
  });
});

describe("isAnonymousRead", () => {
  it("accepts a GET or HEAD without a query string, a session or a stored cookie-notice dismissal, and nothing else", () => {
    expect(isAnonymousRead("GET", "/about", undefined)).toBe(true);
    expect(isAnonymousRead("HEAD", "/about", "theme=dark")).toBe(true);
    expect(isAnonymousRead("GET", "/about?utm=1", undefined)).toBe(false);
    expect(isAnonymousRead("GET", "/about", "theme=dark; sid=abc")).toBe(false);
    expect(isAnonymousRead("GET", "/about", "cookie_notice_dismissed=1")).toBe(false);
    // Spelled as the cookie parser the session reader uses reads them: spaces and tabs around a name do not count.
    for (const cookie of ["theme=dark;sid=abc", " sid=abc", "\tsid=abc", "sid =abc", "a=1;\t sid=abc ;b=2", "sid="]) {
      expect(isAnonymousRead("GET", "/about", cookie), JSON.stringify(cookie)).toBe(false);
    }
    // Names that are not `sid` to that parser, so not to the session reader either.
    for (const cookie of ["\u00a0sid=abc", "SID=abc", "s id=abc", "xsid=abc"]) {
      expect(isAnonymousRead("GET", "/about", cookie), JSON.stringify(cookie)).toBe(true);
    }
    expect(["POST", "PUT", "DELETE", "OPTIONS"].map((method) => isAnonymousRead(method, "/about", null))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
