import { gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleInsightPosts } from "~/db/sample-content";
import { defaultSiteSettings } from "~/lib/site-config";
import { movableClock } from "../setup/movable-clock";
import { databaseUrlFor, uniqueDatabaseName, withMaintenanceClient } from "../setup/postgres";
import {
  killAllServers,
  type RunningServer,
  rawGet,
  type ServerWithDataDir,
  startServer,
  startServerWithDataDir,
  waitUntil,
} from "./helpers";

afterAll(killAllServers);

describe("the built server's page cache", () => {
  let server: ServerWithDataDir;
  beforeAll(async () => {
    server = await startServerWithDataDir();
  });
  afterAll(() => server?.close());

  it("renders a public page once, then serves the stored gzip copy with an ETag", async () => {
    const first = await rawGet(`${server.url}/about`, { "accept-encoding": "gzip" });
    const second = await rawGet(`${server.url}/about`, { "accept-encoding": "gzip" });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.headers["content-encoding"]).toBe("gzip");
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(second.headers.vary).toBe("Accept-Encoding");
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
    expect(gunzipSync(second.body).toString()).toBe(gunzipSync(first.body).toString());
    expect(gunzipSync(second.body).toString()).toContain(defaultSiteSettings.showName);

    const unchanged = await rawGet(`${server.url}/about`, {
      "accept-encoding": "gzip",
      "if-none-match": String(second.headers.etag),
    });
    expect(unchanged.status).toBe(304);
  });

  it("answers a hit with exactly the headers of the miss that stored it, but its own request id", async () => {
    const perResponse = ["date", "x-request-id", "x-page-cache"];
    const comparable = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perResponse.includes(name)));
    for (const [path, encoding] of [
      ["/contact", "gzip"],
      ["/links", "identity"],
      ["/api/insights", "gzip"],
    ]) {
      const miss = await rawGet(`${server.url}${path}`, { "accept-encoding": encoding });
      const hit = await rawGet(`${server.url}${path}`, { "accept-encoding": encoding });
      expect([miss.status, miss.headers["x-page-cache"], hit.status, hit.headers["x-page-cache"]]).toEqual([
        200,
        "miss",
        200,
        "hit",
      ]);
      expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
      expect(hit.body).toEqual(miss.body);
      expect(hit.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(hit.headers["x-request-id"]).not.toBe(miss.headers["x-request-id"]);
    }
  });

  it("stores the podcast feed even when its first request is conditional, and serves it with its validators", async () => {
    const feed = `${server.url}/podcast.xml`;
    const conditional = await rawGet(feed, { "if-modified-since": "Fri, 01 Jan 2100 00:00:00 GMT" });
    expect([conditional.status, conditional.headers["x-page-cache"]]).toEqual([304, "miss"]);
    const stored = await rawGet(feed, { "accept-encoding": "gzip" });
    expect([stored.status, stored.headers["x-page-cache"]]).toEqual([200, "hit"]);
    expect(stored.headers).toMatchObject({
      "content-type": "application/rss+xml; charset=utf-8",
      "cache-control": "public, max-age=300",
      "content-encoding": "gzip",
      "x-content-type-options": "nosniff",
    });
    expect(gunzipSync(stored.body).toString()).toContain("<rss");
    // The feed has no inline script: its policy lists no hash (nor a nonce), so only this site's scripts are allowed.
    expect(stored.headers["content-security-policy"]).toMatch(/(?:^|; )script-src 'self'(?:;|$)/);
    const lastModified = String(stored.headers["last-modified"]);
    expect((await rawGet(feed, { "if-modified-since": lastModified })).status).toBe(304);
    expect(
      (await rawGet(feed, { "if-none-match": String(stored.headers.etag), "accept-encoding": "gzip" })).status,
    ).toBe(304);
  });

  it("renders for a visitor with a session cookie, and does not store a 404", async () => {
    const signedIn = await rawGet(`${server.url}/about`, { cookie: "sid=not-a-real-session" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers["x-page-cache"]).toBeUndefined();

    const missing = await rawGet(`${server.url}/insights/no-such-insight`);
    expect(missing.status).toBe(404);
    expect(missing.headers["x-page-cache"]).toBe("miss");
    expect((await rawGet(`${server.url}/insights/no-such-insight`)).headers["x-page-cache"]).toBe("miss");
  });
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(testDatabaseUrl)("two servers on one PostgreSQL database", () => {
  const name = uniqueDatabaseName("page_cache");
  const servers: RunningServer[] = [];
  const clock = movableClock("page-cache");
  beforeAll(async () => {
    await withMaintenanceClient((client) => client.query(`create database "${name}"`));
    servers.push(await startServer({ DATABASE_URL: databaseUrlFor(name), ...clock.env }));
    servers.push(await startServer({ DATABASE_URL: databaseUrlFor(name), ...clock.env }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    clock.reset();
    await withMaintenanceClient((client) => client.query(`drop database if exists "${name}" with (force)`));
  });

  // The digest is read at most once a second; the wait allows for a re-render on a loaded machine, and is far below
  // the 5-minute expiry that would otherwise let a cache without invalidation pass.
  it("both serve an insight edited in the database soon after", async () => {
    const post = sampleInsightPosts[0];
    const page = (server: RunningServer) => rawGet(`${server.url}/insights/${post.id}`);
    for (const server of servers) {
      await page(server);
      expect((await page(server)).headers["x-page-cache"]).toBe("hit");
    }
    const client = new pg.Client({ connectionString: databaseUrlFor(name) });
    await client.connect();
    try {
      await client.query("update insight_posts set title = $1 where id = $2", ["Edited by hand", post.id]);
    } finally {
      await client.end();
    }
    for (const server of servers) {
      await waitUntil(async () => (await page(server)).body.toString().includes("Edited by hand"), 10_000);
    }
  });

  it("both list a scheduled episode once its time comes, with no write at that time", async () => {
    const podcastPage = (server: RunningServer) => rawGet(`${server.url}/podcast`);
    const client = new pg.Client({ connectionString: databaseUrlFor(name) });
    await client.connect();
    try {
      await client.query(
        `insert into podcast_episodes (guid, slug, title, description, status, publish_date, audio_key)
         select 'scheduled-by-hand', 'scheduled-by-hand', 'Scheduled By Hand', 'Due tomorrow', 'scheduled',
                now() + interval '1 day', audio_key
         from podcast_episodes where slug = 'episode-2-automating-ourselves-out-of-a-job'`,
      );
    } finally {
      await client.end();
    }
    for (const server of servers) {
      await waitUntil(async () => (await podcastPage(server)).headers["x-page-cache"] === "hit", 10_000);
      expect((await podcastPage(server)).body.toString()).not.toContain("Scheduled By Hand");
    }
    // Two days later by both servers' clocks; the digest they compare is read at most once a second.
    clock.moveTo("+2d");
    for (const server of servers) {
      await waitUntil(async () => (await podcastPage(server)).body.toString().includes("Scheduled By Hand"), 10_000);
    }
  });
});
