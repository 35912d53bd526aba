import { parseFeed } from "podcast-partytime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerWithDataDir, startServerWithDataDir } from "./helpers";

const SITE_URL = "https://www.disruptionconfessional.example";

/**
 * The feed, sitemap and robots.txt as the production server answers them over HTTP (past the static files,
 * compression and security headers), from a freshly seeded database.
 */
describe("podcast feed, sitemap and robots.txt on the production server", () => {
  let server: ServerWithDataDir;
  const local = (url: string) => url.replace(SITE_URL, server.url);

  beforeAll(async () => {
    server = await startServerWithDataDir({ SITE_URL });
  });
  afterAll(() => server?.close());

  it("serves the feed, whose enclosures, transcript, chapters and artwork all exist with the stated sizes", async () => {
    const reply = await fetch(`${server.url}/podcast.xml`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const feed = parseFeed(await reply.text());
    expect(feed?.items.map((item) => item.title)).toEqual([
      "Episode 2: Automating Ourselves Out of a Job",
      "Episode 1: The Pivot That Almost Sank Us",
      "Trailer: Welcome to The Disruption Confessional",
    ]);
    for (const item of feed?.items ?? []) {
      const audio = await fetch(local(item.enclosure.url));
      expect({ url: item.enclosure.url, status: audio.status, bytes: (await audio.arrayBuffer()).byteLength }).toEqual({
        url: item.enclosure.url,
        status: 200,
        bytes: item.enclosure.length,
      });
      expect(audio.headers.get("content-type")).toBe(item.enclosure.type);
      expect(item.link).toMatch(new RegExp(`^${SITE_URL}/podcast/[a-z0-9-]+$`));
      expect((await fetch(local(item.link ?? ""))).status).toBe(200);
    }
    const withExtras = feed?.items.find((item) => item.podcastTranscripts && item.podcastChapters);
    const transcript = await fetch(local(withExtras?.podcastTranscripts?.[0].url ?? ""));
    expect(transcript.status).toBe(200);
    expect(await transcript.text()).toMatch(/^WEBVTT\n/);
    const chapters = await fetch(local(withExtras?.podcastChapters?.url ?? ""));
    expect(chapters.status).toBe(200);
    expect((await chapters.json()).chapters.length).toBeGreaterThan(0);
    const artwork = await fetch(local(feed?.itunesImage ?? ""));
    expect(artwork.status).toBe(200);
    expect(artwork.headers.get("content-type")).toBe("image/jpeg");
  });

  it("answers a conditional request for an unchanged feed with 304 through the whole server", async () => {
    const first = await fetch(`${server.url}/podcast.xml`);
    const etag = first.headers.get("etag") ?? "";
    const lastModified = first.headers.get("last-modified") ?? "";
    expect(etag).not.toBe("");
    expect(lastModified).not.toBe("");
    const byTag = await fetch(`${server.url}/podcast.xml`, { headers: { "If-None-Match": etag } });
    expect(byTag.status).toBe(304);
    const byDate = await fetch(`${server.url}/podcast.xml`, { headers: { "If-Modified-Since": lastModified } });
    expect(byDate.status).toBe(304);
    const head = await fetch(`${server.url}/podcast.xml`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
  });

  it("serves a sitemap whose every address answers 200", async () => {
    const reply = await fetch(`${server.url}/sitemap.xml`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const locations = [...(await reply.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
    expect(locations).toContain(`${SITE_URL}/insights/founder-burnout`);
    expect(locations).toContain(`${SITE_URL}/podcast/episode-1-the-pivot-that-almost-sank-us`);
    // The 11 public pages, the 3 sample insights and the 6 sample episodes' pages (the premium ones as teasers).
    expect(locations).toHaveLength(20);
    for (const location of locations) {
      const page = await fetch(local(location));
      expect({ location, status: page.status }).toEqual({ location, status: 200 });
    }
  });

  it("serves robots.txt as plain text naming the absolute sitemap address", async () => {
    const reply = await fetch(`${server.url}/robots.txt`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await reply.text()).toContain(`\nSitemap: ${SITE_URL}/sitemap.xml\n`);
  });
});
