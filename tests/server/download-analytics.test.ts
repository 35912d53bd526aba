import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/db/client.server";
import { audioRequests, downloadDays, podcastEpisodes } from "~/db/schema";
import { movableClock } from "../setup/movable-clock";
import {
  killAllServers,
  makeTempDir,
  PROJECT_ROOT,
  type RunningServer,
  rawGet,
  removeTempDir,
  startServer,
  waitUntil,
} from "./helpers";
import { createThrowawayPostgres } from "./throwaway-postgres";

afterAll(killAllServers);

const ADMIN_PASSWORD = "download-analytics-owner";
const AUDIO = path.join(PROJECT_ROOT, "tests/fixtures/media/tone-cbr.mp3");
const AUDIO_BYTES = readFileSync(AUDIO);
/** Far more than the sockets' buffers hold, so that the response is still being sent when the database stops. */
const LARGE_AUDIO = Buffer.concat(Array.from({ length: 700 }, () => AUDIO_BYTES));
const GEOIP_DB = path.join(PROJECT_ROOT, "tests/fixtures/geoip/GeoIP2-Country-Test.mmdb");
/** A 12,476-byte MP3 with a 69-byte ID3 tag, said to last ten minutes: a minute and the tag are 1,310 bytes. */
const LONG_KEY = "episodes/audio/analyticslongepisode01.mp3";
const LONG_MINUTE = 1_310;
/** The same file at its own 12 seconds: only the whole file is a download. */
const MARKER_KEY = "episodes/audio/analyticsmarkerepisode.mp3";
const APPLE = "Podcasts/1650.20 CFNetwork/1408.0.4 Darwin/22.5.0";
const OVERCAST = "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** MaxMind's test database places these in Britain and Japan. */
const BRITAIN = "81.2.69.160";
const JAPAN_64 = ["2001:218::1", "2001:218::ffff:ffff:2"];

type Summary = {
  total: number;
  byDay: { date: string; downloads: number }[];
  byApp: { app: string; downloads: number }[];
};

/** Puts two published episodes and their audio in a fresh folder before the server holds it. */
async function prepareFolder(dataDir: string, db: Database, longAudio: Buffer = AUDIO_BYTES) {
  mkdirSync(path.join(dataDir, "media/episodes/audio"), { recursive: true });
  writeFileSync(path.join(dataDir, "media", LONG_KEY), longAudio);
  copyFileSync(AUDIO, path.join(dataDir, "media", MARKER_KEY));
  return insertEpisodes(db);
}

async function insertEpisodes(db: Database) {
  const published = { status: "published", publishDate: new Date(Date.now() - 60_000), description: "" };
  const [long] = await db
    .insert(podcastEpisodes)
    .values({
      ...published,
      guid: "analytics-long",
      slug: "analytics-long",
      title: "Ten Minutes",
      audioKey: LONG_KEY,
      audioLengthBytes: AUDIO_BYTES.length,
      durationSeconds: 600,
    })
    .returning({ id: podcastEpisodes.id });
  const [marker] = await db
    .insert(podcastEpisodes)
    .values({
      ...published,
      guid: "analytics-marker",
      slug: "analytics-marker",
      title: "Twelve Seconds",
      audioKey: MARKER_KEY,
      audioLengthBytes: AUDIO_BYTES.length,
      durationSeconds: 12,
    })
    .returning({ id: podcastEpisodes.id });
  return { longId: long.id, markerId: marker.id };
}

describe("downloads counted by the built server, by the IAB rules", () => {
  const clock = movableClock("download-analytics");
  let dataDir: string;
  let server: RunningServer;
  let ids: { longId: number; markerId: number };
  let owner = "";

  beforeAll(async () => {
    dataDir = makeTempDir();
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      ids = await prepareFolder(dataDir, database.db);
    } finally {
      await database.close();
    }
    // Addresses come from X-Forwarded-For, which the test sends through the loopback "proxy".
    server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD, TRUST_PROXY: "loopback", GEOIP_DB, ...clock.env });
  }, 120_000);
  afterAll(async () => {
    clock.reset();
    await server?.stop();
    if (dataDir) removeTempDir(dataDir);
  });

  const signIn = async () => {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    owner = /^sid=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0] ?? "";
    expect(owner).not.toBe("");
  };
  const listen = (key: string, address: string, userAgent: string, range?: string) =>
    rawGet(`${server.url}/media/${key}`, {
      "User-Agent": userAgent,
      "X-Forwarded-For": address,
      ...(range ? { Range: range } : {}),
    });
  const summary = async (episode: number): Promise<Summary> => {
    const response = await fetch(`${server.url}/api/admin/analytics/downloads?episode=${episode}`, {
      headers: { cookie: owner },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: Summary }).data;
  };
  const total = async (episode: number) => (await summary(episode)).total;
  const waitForTotal = (episode: number, expected: number) =>
    waitUntil(async () => (await total(episode)) === expected, 20_000);

  let markers = 0;
  /**
   * Requests are written in the order they were answered and counted in the order they were written: once a whole
   * download of the marker episode by a new listener, sent after them, is counted, so is every request before it.
   */
  const settled = async () => {
    markers += 1;
    expect((await listen(MARKER_KEY, `192.0.2.${markers}`, OVERCAST)).status).toBe(200);
    await waitForTotal(ids.markerId, markers);
  };

  it("counts nothing for a probe or a crawler, a whole file once in 24 hours, and again after 25", async () => {
    await signIn();
    const probe = await listen(LONG_KEY, BRITAIN, APPLE, "bytes=0-1");
    expect([probe.status, probe.body.length]).toEqual([206, 2]);
    const crawled = await listen(LONG_KEY, "198.51.100.9", GOOGLEBOT);
    expect([crawled.status, crawled.body.equals(AUDIO_BYTES)]).toEqual([200, true]);
    await settled();
    expect(await total(ids.longId)).toBe(0);

    expect((await listen(LONG_KEY, BRITAIN, APPLE)).body.equals(AUDIO_BYTES)).toBe(true);
    await waitForTotal(ids.longId, 1);
    expect((await listen(LONG_KEY, BRITAIN, APPLE)).status).toBe(200);
    await settled();
    expect(await total(ids.longId)).toBe(1);

    clock.moveTo("+25h");
    await signIn();
    expect((await listen(LONG_KEY, BRITAIN, APPLE)).status).toBe(200);
    await waitForTotal(ids.longId, 2);
    // The next day's download is the next day's row.
    const { byDay } = await summary(ids.longId);
    expect(byDay.map((day) => day.downloads)).toEqual([1, 1]);
    expect(Date.parse(byDay[1].date) - Date.parse(byDay[0].date)).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
  });

  it("adds ranges up to a minute, and counts ranges that never reach one as nothing", async () => {
    const before = await total(ids.longId);
    expect((await listen(LONG_KEY, "198.51.100.20", APPLE, "bytes=0-699")).status).toBe(206);
    expect((await listen(LONG_KEY, "198.51.100.20", APPLE, `bytes=700-${LONG_MINUTE - 1}`)).status).toBe(206);
    await waitForTotal(ids.longId, before + 1);

    expect((await listen(LONG_KEY, "198.51.100.21", APPLE, "bytes=0-99")).status).toBe(206);
    expect((await listen(LONG_KEY, "198.51.100.21", APPLE, "bytes=2000-2999")).status).toBe(206);
    expect((await listen(LONG_KEY, "198.51.100.21", APPLE, "bytes=50-149")).status).toBe(206);
    await settled();
    expect(await total(ids.longId)).toBe(before + 1);
  });

  it("takes two addresses of one IPv6 /64 for one listener, and a second app at one address for another", async () => {
    const before = await total(ids.longId);
    for (const address of JAPAN_64) expect((await listen(LONG_KEY, address, OVERCAST)).status).toBe(200);
    await settled();
    expect(await total(ids.longId)).toBe(before + 1);

    expect((await listen(LONG_KEY, BRITAIN, OVERCAST)).status).toBe(200);
    await waitForTotal(ids.longId, before + 2);
    const { byApp } = await summary(ids.longId);
    expect(byApp.map((row) => row.app).sort()).toEqual(["Apple Podcasts", "Overcast"]);
  });

  it("shows the downloads on the analytics page and in its CSV, both without scripts", async () => {
    // Twice: the second is answered from the page cache, before any route, and its report is the one kept.
    for (const count of [40, 42]) {
      const feed = await fetch(`${server.url}/podcast.xml`, {
        headers: { "User-Agent": `Feedly/1.0 (+http://www.feedly.com/fetcher.html; ${count} subscribers; feed-id=7)` },
      });
      expect(feed.status).toBe(200);
    }
    const analyticsPage = () => fetch(`${server.url}/admin/analytics?range=7`, { headers: { cookie: owner } });
    // React puts an empty comment between the number and the words.
    const reported = />42<\/strong> (<!-- -->)?feed subscribers/;
    await waitUntil(async () => reported.test(await (await analyticsPage()).text()), 20_000);
    const page = await analyticsPage();
    expect(page.status).toBe(200);
    const html = await page.text();
    // Drawn on the server: the chart, its title and description, and the numbers in a table.
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby=/);
    expect(html).toContain("<title");
    expect(html).toContain("<desc");
    expect(html).toContain(">Apple Podcasts</td>");
    expect(html).toContain(">GB</td>");
    expect(html).toContain(">JP</td>");
    // The admin shell's link to the screen, marked as the current one.
    const shellLink = html.match(/<a[^>]*href="\/admin\/analytics"[^>]*>/)?.[0];
    expect(shellLink).toContain('aria-current="page"');

    const csv = await fetch(`${server.url}/api/admin/analytics/downloads.csv`, { headers: { cookie: owner } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe('"Date","Episode Id","Episode","App","Platform","Device","Access","Country","Downloads"');
    const longRows = lines.filter((line) => line.includes('"Ten Minutes"'));
    expect(longRows.some((line) => line.includes('"Apple Podcasts","Apple","Apple iPhone","public","GB","1"'))).toBe(
      true,
    );
    expect(longRows.some((line) => line.includes('"Overcast"') && line.includes('"JP"'))).toBe(true);

    const dashboard = await fetch(`${server.url}/admin`, { headers: { cookie: owner } });
    expect(await dashboard.text()).toMatch(/>\d+<\/span> downloads this week/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("an audio response while the database stops", () => {
  it("is served whole though the download cannot be counted", async () => {
    const postgres = await createThrowawayPostgres();
    const dataDir = makeTempDir();
    try {
      const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: postgres.url });
      const database = await openDatabase({ kind: "postgres", url: postgres.url }, { migrate: false });
      try {
        await prepareFolder(dataDir, database.db, LARGE_AUDIO);
      } finally {
        await database.close();
      }
      const response = await new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server.url}/media/${LONG_KEY}`, { headers: { "User-Agent": APPLE } }, (res) => {
            // The headers are in and most of the file is still on the server's side: the database goes now.
            res.pause();
            postgres.stopImmediately();
            res.resume();
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
            res.on("error", reject);
          })
          .on("error", reject);
      });
      expect(response.status).toBe(200);
      expect(response.body.equals(LARGE_AUDIO)).toBe(true);
      // The broken connection ended no process and no listener piled up on the response.
      expect(server.stderr()).not.toMatch(/Unhandled 'error' event|MaxListenersExceededWarning/);
      await server.stop();
    } finally {
      removeTempDir(dataDir);
      postgres.destroy();
    }
  }, 180_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("a server killed with SIGKILL in the middle of a counting pass", () => {
  it("leaves the written request waiting, and the restarted server counts its download once", async () => {
    const postgres = await createThrowawayPostgres();
    const dataDir = makeTempDir();
    const env = { DATA_DIR: dataDir, DATABASE_URL: postgres.url };
    let releaseDailyRows = () => {};
    try {
      const first = await startServer(env);
      const database = await openDatabase({ kind: "postgres", url: postgres.url }, { migrate: false });
      try {
        await prepareFolder(dataDir, database.db);
        const requests = async () => ({
          written: await database.db.$count(audioRequests),
          waiting: await database.db.$count(audioRequests, isNull(audioRequests.examinedAt)),
        });
        const downloads = async () =>
          (await database.db.select({ downloads: downloadDays.downloads }).from(downloadDays)).reduce(
            (sum, row) => sum + row.downloads,
            0,
          );
        // The daily rows are held, so that the server's pass claims and marks the request and then waits to add it.
        const held = new Promise<void>((resolve) => {
          releaseDailyRows = resolve;
        });
        let holding = () => {};
        const holdingNow = new Promise<void>((resolve) => {
          holding = resolve;
        });
        const holder = database.db.transaction(async (tx) => {
          await tx.execute(sql`lock table ${downloadDays} in exclusive mode`);
          holding();
          await held;
        });
        await holdingNow;

        const response = await rawGet(`${first.url}/media/${LONG_KEY}`, { "User-Agent": APPLE });
        expect([response.status, response.body.equals(AUDIO_BYTES)]).toEqual([200, true]);
        // The batch is written (the record before), and a pass has it in hand, waiting on the daily rows.
        await waitUntil(async () => (await requests()).written === 1);
        await waitUntil(async () => {
          const result = await database.db.execute(
            sql`select 1 from pg_locks where not granted and relation = ${"download_days"}::regclass`,
          );
          return (result as unknown as { rows: unknown[] }).rows.length > 0;
        });
        first.signal("SIGKILL");
        expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
        releaseDailyRows();
        await holder;
        // The dead pass never committed: nothing it marked or added is there.
        expect(await downloads()).toBe(0);

        const restarted = await startServer(env);
        await waitUntil(async () => (await requests()).waiting === 0, 20_000);
        expect(await requests()).toEqual({ written: 1, waiting: 0 });
        expect(await downloads()).toBe(1);
        expect(await restarted.stop()).toEqual({ code: 0, signal: null });
      } finally {
        releaseDailyRows();
        await database.close();
      }
    } finally {
      removeTempDir(dataDir);
      postgres.destroy();
    }
  }, 180_000);
});
