import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeContext } from "#tests/setup/call-route";
import { insertEpisodes, publicEpisode, sampleEpisodeFixtures } from "#tests/setup/episode-fixtures";
import { loadPublicRoutes } from "#tests/setup/public-routes";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { sampleInsightPosts } from "~/db/sample-content";
import { insightPosts } from "~/db/schema";
import { FIXED_PAGES_REVISED } from "~/features/discovery/sitemap.server";
import { sanitizedForStorage } from "~/features/insights/insights.server";
import type { PublicRoute } from "~/lib/public-routes";
import { loader as robotsLoader } from "./robots";
import { loader as sitemapLoader } from "./sitemap";

const SITE_URL = "https://www.disruptionconfessional.example";

let database: TestDatabase;
let publicRoutes: PublicRoute[];
// Importing every route module takes longer than the default 10 s when the machine is busy.
beforeAll(async () => {
  database = await createTestDatabase();
  publicRoutes = await loadPublicRoutes();
}, 60_000);
afterAll(() => database.close());

// biome-ignore lint/suspicious/noExplicitAny: each route module types its own args more narrowly
async function get(loader: (args: any) => Response | Promise<Response>, path: string, headers = {}) {
  const request = new Request(`http://localhost${path}`, { headers });
  const response = await loader({
    request,
    params: {},
    context: routeContext(database.db, { env: { SITE_URL }, publicRoutes }),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** xmllint (Debian's libxml2-utils) checks the document against the sitemaps.org 0.9 schema. */
function validateSitemap(xml: string) {
  const result = spawnSync("xmllint", ["--noout", "--schema", "tests/fixtures/sitemap-0.9.xsd", "-"], {
    input: xml,
    encoding: "utf8",
  });
  if (result.error) throw result.error;
  return { exitCode: result.status, messages: result.stderr.trim() };
}

const entries = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)].map(([, loc, lastmod]) => ({
    loc,
    lastmod,
  }));

describe("GET /sitemap.xml", () => {
  const insightEdited = new Date("2025-10-05T12:00:00Z");
  const episodesEdited = new Date("2025-10-07T18:45:30Z");

  beforeAll(async () => {
    await database.db
      .insert(insightPosts)
      .values(
        sampleInsightPosts.map((post, index) =>
          sanitizedForStorage({ ...post, updatedAt: new Date(insightEdited.getTime() - index * 86_400_000) }),
        ),
      );
    await database.db.insert(insightPosts).values(
      sanitizedForStorage({
        ...sampleInsightPosts[0],
        id: "q&a with <founders>",
        slug: "q&a with <founders>",
        updatedAt: new Date("2025-09-30T00:00:00Z"),
      }),
    );
    // A draft's or a scheduled post's edit changes nothing public, and neither has a page yet.
    await database.db.insert(insightPosts).values([
      {
        ...sampleInsightPosts[2],
        id: "draft-post",
        slug: "draft-post",
        status: "draft",
        updatedAt: new Date("2026-01-01"),
      },
      {
        ...sampleInsightPosts[2],
        id: "later-post",
        slug: "later-post",
        status: "scheduled",
        publishedAt: new Date(Date.now() + 86_400_000),
        updatedAt: new Date("2026-01-01"),
      },
    ]);
    await insertEpisodes(
      database.db,
      sampleEpisodeFixtures().map((episode) => ({ ...episode, updatedAt: new Date("2025-09-20T00:00:00Z") })),
    );
    // A draft's or a scheduled episode's edit changes nothing public.
    await insertEpisodes(database.db, [
      publicEpisode({
        guid: "draft",
        title: "Draft",
        status: "draft",
        publishDate: null,
        updatedAt: new Date("2026-01-01T00:00:00Z"),
      }),
      publicEpisode({
        guid: "later",
        title: "Later",
        status: "scheduled",
        publishDate: new Date(Date.now() + 86_400_000),
        updatedAt: new Date("2026-01-01T00:00:00Z"),
      }),
      publicEpisode({ guid: "recent-edit", title: "Recent edit", updatedAt: episodesEdited }),
    ]);
  });

  it("is valid against the sitemaps.org 0.9 schema", async () => {
    const reply = await get(sitemapLoader, "/sitemap.xml");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(validateSitemap(reply.text)).toEqual({ exitCode: 0, messages: "- validates" });
  });

  it("the schema check fails on an invalid sitemap, so that it can catch one", () => {
    const invalid = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${SITE_URL}/</loc><lastmod>last week</lastmod></url></urlset>`;
    const result = validateSitemap(invalid);
    expect(result.exitCode).not.toBe(0);
    expect(result.messages).toContain("'last week' is not a valid value");
  });

  it("lists every public page, each insight and each public episode page, with the time its content last changed", async () => {
    const reply = await get(sitemapLoader, "/sitemap.xml");
    const fixed = FIXED_PAGES_REVISED.toISOString().replace(".000Z", "Z");
    expect(entries(reply.text)).toEqual([
      { loc: `${SITE_URL}/`, lastmod: "2025-10-07T18:45:30Z" },
      { loc: `${SITE_URL}/about`, lastmod: fixed },
      { loc: `${SITE_URL}/briefing`, lastmod: fixed },
      { loc: `${SITE_URL}/podcast`, lastmod: "2025-10-07T18:45:30Z" },
      { loc: `${SITE_URL}/insights`, lastmod: "2025-10-05T12:00:00Z" },
      { loc: `${SITE_URL}/contact`, lastmod: fixed },
      { loc: `${SITE_URL}/links`, lastmod: "2025-10-07T18:45:30Z" },
      { loc: `${SITE_URL}/privacy-policy`, lastmod: fixed },
      { loc: `${SITE_URL}/terms-of-service`, lastmod: fixed },
      { loc: `${SITE_URL}/cookie-policy`, lastmod: fixed },
      { loc: `${SITE_URL}/guest-application`, lastmod: fixed },
      { loc: `${SITE_URL}/insights/q%26a%20with%20%3Cfounders%3E`, lastmod: "2025-09-30T00:00:00Z" },
      { loc: `${SITE_URL}/insights/ai-agents-small-business`, lastmod: "2025-10-05T12:00:00Z" },
      { loc: `${SITE_URL}/insights/resilient-supply-chains`, lastmod: "2025-10-04T12:00:00Z" },
      { loc: `${SITE_URL}/insights/founder-burnout`, lastmod: "2025-10-03T12:00:00Z" },
      { loc: `${SITE_URL}/podcast/founders-who-failed-forward-the-unedited-cut`, lastmod: "2025-09-25T09:00:00Z" },
      { loc: `${SITE_URL}/podcast/episode-2-automating-ourselves-out-of-a-job`, lastmod: "2025-09-20T00:00:00Z" },
      { loc: `${SITE_URL}/podcast/recent-edit`, lastmod: "2025-10-07T18:45:30Z" },
      { loc: `${SITE_URL}/podcast/episode-1-the-pivot-that-almost-sank-us`, lastmod: "2025-09-20T00:00:00Z" },
      { loc: `${SITE_URL}/podcast/trailer-welcome-to-the-disruption-confessional`, lastmod: "2025-09-20T00:00:00Z" },
    ]);
    expect(reply.text).not.toContain("draft-post");
    expect(reply.text).not.toContain("later-post");
    expect(reply.text).not.toContain("/members");
    expect(reply.text).not.toContain("/admin");
    expect(reply.text).not.toContain("/api");
  });

  it("answers 304 when the sitemap has not changed", async () => {
    const first = await get(sitemapLoader, "/sitemap.xml");
    expect(first.headers.get("Last-Modified")).toBe("Tue, 07 Oct 2025 18:45:30 GMT");
    const again = await get(sitemapLoader, "/sitemap.xml", { "If-None-Match": first.headers.get("ETag") ?? "" });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
  });
});

describe("GET /robots.txt", () => {
  it("allows the site and the feed, keeps crawlers out of /admin, /members and /api, and names the sitemap", async () => {
    const reply = await get(robotsLoader, "/robots.txt");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(reply.text).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Allow: /podcast.xml",
        "Disallow: /admin",
        "Disallow: /members",
        "Disallow: /api",
        "Disallow: /feeds",
        "",
        `Sitemap: ${SITE_URL}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });
});
