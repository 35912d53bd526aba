import fs from "node:fs";
import { gzipSync } from "node:zlib";
import { matchPath } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COOKIE_NOTICE_DISMISSED_COOKIE } from "~/lib/cookie-notice";
import { fixedPublicPages } from "~/lib/public-routes";
import { measureFirstLoadBundle } from "../../scripts/first-load-bundle";
import { listPublicRoutes, resolvePublicPages, startBuiltServer, temporaryDataDir } from "../../scripts/public-pages";
import { loadPublicRoutes } from "../setup/public-routes";
import { killAllServers, type RunningServer, rawGet, type ServerWithDataDir, startServerWithDataDir } from "./helpers";

afterAll(killAllServers);

/** The public pages whose behaviour is complete without scripts (docs/decisions/036-script-free-pages.md). */
const SCRIPT_FREE_PAGES = ["/briefing", "/cookie-policy", "/links", "/privacy-policy", "/terms-of-service"];

/** The script-free page whose small script opens it at its top (the spec's privacy page). */
const OPENS_AT_TOP = "/privacy-policy";

/** What a page without React may load: its one small script, at most 10 KB gzip. */
const SCRIPT_FREE_PAGE_SCRIPT_BUDGET_BYTES = 10 * 1024;

/** The small script's address, as the inline script that loads it after the first paint names it. */
const SMALL_SCRIPT_SOURCE = /script\.src = "(\/assets\/script-free-page-[\w-]+\.js)";/;

/** Every script element but structured data, which is not a script the browser runs. */
const scriptsIn = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag).filter((tag) => !tag.includes("application/ld+json"));

describe("pages declared script-free", () => {
  let server: ServerWithDataDir;
  beforeAll(async () => {
    server = await startServerWithDataDir();
  });
  afterAll(() => server?.close());

  it("are the public pages listed in the decision record, and every other public page hydrates", async () => {
    const pages = fixedPublicPages(await loadPublicRoutes());
    expect(
      pages
        .filter((page) => !page.hydrates)
        .map((page) => page.path)
        .sort(),
    ).toEqual(SCRIPT_FREE_PAGES);
    for (const page of pages.filter((candidate) => candidate.hydrates)) {
      const html = (await rawGet(`${server.url}${page.path}`)).body.toString();
      expect(
        scriptsIn(html).some((tag) => tag.includes('type="module"')),
        page.path,
      ).toBe(true);
    }
  });

  // A miss is rendered per request, a hit is the stored copy: neither may carry React.
  it.each([...SCRIPT_FREE_PAGES, "/no-such-page"])(
    "%s loads no React: its one script is the small script-free page script, under 10 KB gzip",
    async (path) => {
      for (const _ of ["render or miss", "hit"]) {
        const html = (await rawGet(`${server.url}${path}`)).body.toString();
        expect(html).toContain('<html lang="en" class="dark" data-page-scripts="none">');
        const scripts = scriptsIn(html);
        expect(scripts).toEqual([
          expect.stringMatching(
            path === OPENS_AT_TOP ? /^<script nonce="[^"]+" data-opens-at-top="">$/ : /^<script nonce="[^"]+">$/,
          ),
        ]);
        expect(html).not.toContain("modulepreload");
        const src = html.match(SMALL_SCRIPT_SOURCE)?.[1];
        const script = await rawGet(`${server.url}${src}`);
        expect(script.status).toBe(200);
        expect(gzipSync(script.body, { level: 9 }).length).toBeLessThan(SCRIPT_FREE_PAGE_SCRIPT_BUDGET_BYTES);
      }
    },
  );

  it("carries no script at all once the server knows the cookie notice was dismissed and there is no analytics", async () => {
    for (const path of SCRIPT_FREE_PAGES.filter((page) => page !== OPENS_AT_TOP)) {
      const html = (
        await rawGet(`${server.url}${path}`, { Cookie: `${COOKIE_NOTICE_DISMISSED_COOKIE}=1` })
      ).body.toString();
      expect(scriptsIn(html), path).toEqual([]);
    }
  });
});

describe("pages declared script-free, with analytics", () => {
  let server: ServerWithDataDir;
  beforeAll(async () => {
    server = await startServerWithDataDir({ GA_MEASUREMENT_ID: "G-SCRIPTFREE1" });
  });
  afterAll(() => server?.close());

  it("still load no React: their one script carries the measurement id, even once the notice is dismissed", async () => {
    for (const path of SCRIPT_FREE_PAGES) {
      const html = (
        await rawGet(`${server.url}${path}`, { Cookie: `${COOKIE_NOTICE_DISMISSED_COOKIE}=1` })
      ).body.toString();
      expect(html, path).toContain('data-page-scripts="none"');
      expect(scriptsIn(html), path).toEqual([
        expect.stringMatching(
          new RegExp(
            `^<script nonce="[^"]+" data-measurement-id="G-SCRIPTFREE1"${path === OPENS_AT_TOP ? ' data-opens-at-top=""' : ""}>$`,
          ),
        ),
      ]);
    }
  });
});

/** The budget: a hydrating page loads at most 30 KB gzip of code beyond the shared framework chunk. */
const PAGE_CODE_BUDGET_BYTES = 30 * 1024;

describe("hydrating pages' page code", () => {
  const dataDir = temporaryDataDir();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startBuiltServer(dataDir);
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is within 30 KB gzip beyond the framework chunk on every hydrating public page", async () => {
    const routes = (await listPublicRoutes()).filter((route) => route.page && route.hydrates);
    const measured: Record<string, number> = {};
    for (const page of await resolvePublicPages(server.url)) {
      const route = routes.find((candidate) => matchPath(candidate.path, page));
      if (!route) continue;
      const { pageCodeGzipBytes, files } = await measureFirstLoadBundle(`${server.url}${page}`);
      expect(
        files.some((file) => /\/framework-[\w-]+\.js$/.test(file.url)),
        page,
      ).toBe(true);
      measured[route.path] = pageCodeGzipBytes;
    }
    expect(Object.keys(measured).sort()).toEqual(routes.map((route) => route.path).sort());
    for (const [path, bytes] of Object.entries(measured))
      expect(bytes, `${path} page code`).toBeLessThanOrEqual(PAGE_CODE_BUDGET_BYTES);
  });
});
