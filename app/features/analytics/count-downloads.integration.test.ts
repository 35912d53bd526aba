import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { insertPodcastEpisode } from "#tests/setup/owner-fixtures";
import { signInStaff } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { analyticsKeys, audioRequests, downloadDays } from "~/db/schema";
import { createDiskStorage } from "~/lib/media/disk-storage.server";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import {
  type AudioServed,
  bytesForDownload,
  countAudioServed,
  countDownloads,
  coveredBytes,
  examineWaitingRequests,
  listenerAddress,
  purgeAnalytics,
  recordAudioRequest,
} from "./count-downloads.server";
import { flushAudioRequests } from "./request-buffer.server";
import { reportedSubscribers } from "./user-agents.server";

const KEY = "episodes/audio/analyticstone000001.mp3";
const SIZE = 600_010;
/** Ten minutes of audio after a 10-byte ID3 tag: a minute is 60,000 bytes, and a download 60,010. */
const DURATION_SECONDS = 600;
const MINUTE = 60_010;
const PHONE = "Podcasts/1650.20 CFNetwork/1408.0.4 Darwin/22.5.0";
const OVERCAST = "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)";
const START = new Date("2026-03-02T10:00:00Z");
const HOUR = 60 * 60 * 1000;

let database: TestDatabase;
let folder: string;
let media: MediaStorage;
let episodeId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(path.join(os.tmpdir(), "analytics-media-"));
  media = createDiskStorage(folder);
  // An ID3v2 tag with no frames (10 bytes) and then the "audio".
  const file = Buffer.alloc(SIZE);
  file.write("ID3", 0, "latin1");
  file[3] = 4;
  await mkdir(path.join(folder, "episodes/audio"), { recursive: true });
  await writeFile(path.join(folder, KEY), file);
  ({ id: episodeId } = await insertPodcastEpisode(database.db, {
    status: "published",
    publishDate: new Date("2026-03-01T00:00:00Z"),
    title: "Counted",
    audioKey: KEY,
    durationSeconds: DURATION_SECONDS,
  }));
});
afterAll(async () => {
  await database.close();
  await rm(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(audioRequests);
  await database.db.delete(downloadDays);
});

const served = (overrides: Partial<AudioServed> = {}): AudioServed => ({
  audioKey: KEY,
  access: "public",
  clientIp: "198.51.100.7",
  userAgent: PHONE,
  start: 0,
  end: SIZE - 1,
  size: SIZE,
  at: START,
  ...overrides,
});
/** Requests as the routes hand them over: kept in memory, not yet in the database. */
const buffer = (...requests: Partial<AudioServed>[]) =>
  Promise.all(requests.map((overrides) => recordAudioRequest({ db: database.db, media }, served(overrides))));
/** Both stages for one request: its raw row written, then a counting pass over what waits. */
const record = async (overrides: Partial<AudioServed> = {}) => {
  await buffer(overrides);
  await flushAudioRequests(database.db);
  return (await countDownloads({ db: database.db, media })) === 1 ? "counted" : "not counted";
};
const waitingRequests = async () =>
  (await database.db.select({ n: count() }).from(audioRequests).where(isNull(audioRequests.examinedAt)))[0].n;
const totalDownloads = async () =>
  (await database.db.select({ downloads: downloadDays.downloads }).from(downloadDays)).reduce(
    (sum, row) => sum + row.downloads,
    0,
  );
const later = (hours: number) => new Date(START.getTime() + hours * HOUR);

describe("the bytes a download needs", () => {
  it("is a minute of audio and the header, or the whole file when it is a minute or shorter or of unknown length", () => {
    expect(bytesForDownload(SIZE, DURATION_SECONDS, 10)).toBe(MINUTE);
    expect(bytesForDownload(48_501, 12, 0)).toBe(48_501);
    expect(bytesForDownload(48_501, null, 0)).toBe(48_501);
  });

  it("adds ranges up, overlaps once", () => {
    expect(
      coveredBytes([
        { firstByte: 0, lastByte: 99 },
        { firstByte: 50, lastByte: 149 },
        { firstByte: 300, lastByte: 309 },
      ]),
    ).toBe(160);
    expect(coveredBytes([{ firstByte: 0, lastByte: 1 }])).toBe(2);
  });
});

describe("a feed reader's report of its subscribers", () => {
  it("is the count in its user agent, kept under the agent without the count", () => {
    expect(reportedSubscribers("Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; feed-id=7)")).toEqual({
      reader: "Feedly/1.0 (+http://www.feedly.com/fetcher.html; ; feed-id=7)",
      subscribers: 42,
    });
    expect(reportedSubscribers("Overcast/3.0 (+http://overcast.fm/; iOS podcast app)")).toBeNull();
    expect(reportedSubscribers(null)).toBeNull();
  });
});

describe("a listener", () => {
  it("is the whole IPv4 address and an IPv6 address's /64", () => {
    expect(listenerAddress("198.51.100.7")).toBe("198.51.100.7");
    expect(listenerAddress("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(listenerAddress("2001:db8:1:2::5")).toBe("2001:0db8:0001:0002::/64");
    expect(listenerAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe(listenerAddress("2001:db8:1:2::9"));
  });
});

describe("counting downloads", () => {
  it("counts a whole file once in 24 hours and again after, never counting a probe or a bot", async () => {
    expect(await record({ start: 0, end: 1 })).toBe("not counted");
    expect(
      await record({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
    ).toBe("not counted");
    expect(await record({ userAgent: null })).toBe("not counted");
    expect(await record()).toBe("counted");
    expect(await record({ at: later(23) })).toBe("not counted");
    expect(await record({ at: later(25) })).toBe("counted");
    const rows = await database.db.select().from(downloadDays).orderBy(downloadDays.day);
    const row = {
      episodeId,
      app: "Apple Podcasts",
      platform: "Apple",
      device: "Apple iPhone",
      access: "public",
      country: "",
      downloads: 1,
    };
    expect(rows).toEqual([
      { day: "2026-03-02", ...row },
      { day: "2026-03-03", ...row },
    ]);
    // Raw requests never hold the address or the user agent, and bots' requests are not kept at all.
    const raw = await database.db.select().from(audioRequests);
    expect(raw).toHaveLength(4);
    expect(JSON.stringify(raw)).not.toContain("198.51.100.7");
    expect(JSON.stringify(raw)).not.toContain("CFNetwork");
  });

  it("adds a listener's ranges up to a minute, and counts ranges that never reach one as nothing", async () => {
    expect(await record({ start: 0, end: 29_999 })).toBe("not counted");
    expect(await record({ start: 20_000, end: 50_000, at: later(1) })).toBe("not counted");
    expect(await record({ start: 50_001, end: MINUTE - 1, at: later(2) })).toBe("counted");
    // Another listener's ranges: two pieces of half a minute, a day apart.
    const other = { clientIp: "198.51.100.8" };
    expect(await record({ ...other, start: 0, end: 30_000 })).toBe("not counted");
    expect(await record({ ...other, start: 30_001, end: MINUTE - 1, at: later(25) })).toBe("not counted");
    const [row] = await database.db.select({ downloads: downloadDays.downloads }).from(downloadDays);
    expect(row.downloads).toBe(1);
  });

  it("takes two addresses of one /64 with one app for one listener, and two apps at one address for two", async () => {
    expect(await record({ clientIp: "2001:db8:7:7::1" })).toBe("counted");
    expect(await record({ clientIp: "2001:db8:7:7:ffff::2" })).toBe("not counted");
    expect(await record({ clientIp: "2001:db8:7:7::1", userAgent: OVERCAST })).toBe("counted");
    const rows = await database.db.select({ app: downloadDays.app }).from(downloadDays).orderBy(downloadDays.app);
    expect(rows).toEqual([{ app: "Apple Podcasts" }, { app: "Overcast" }]);
  });

  it("writes the requests handed over beside the responses within moments, with nobody waiting on the database", async () => {
    countAudioServed({ db: database.db, media }, served({ start: 0, end: 1 }));
    countAudioServed({ db: database.db, media }, served({ start: 100, end: 101 }));
    expect(await database.db.$count(audioRequests)).toBe(0);
    // The batch's timer writes them: nothing else is asked to.
    await vi.waitFor(async () => expect(await database.db.$count(audioRequests)).toBe(2), { timeout: 5_000 });
    expect(await waitingRequests()).toBe(2);
  });

  it("writes a listener's requests of touching bytes within a second as one row, with the same download", async () => {
    const ranges = Array.from({ length: 61 }, (_, index) => ({
      start: index * 1000,
      end: index * 1000 + 999,
      at: new Date(START.getTime() + index * 10),
    }));
    // Out of order, as parallel fetches finish, and a repeat of bytes already asked for.
    await buffer(...ranges.reverse(), ranges[7]);
    // Apart from them: another listener, bytes that do not touch, the same bytes over a second later.
    await buffer(
      { clientIp: "198.51.100.8", start: 0, end: 999 },
      { start: 70_000, end: 70_999 },
      { start: 0, end: 999, at: later(0.001) },
    );
    await flushAudioRequests(database.db);
    const rows = await database.db
      .select({ firstByte: audioRequests.firstByte, lastByte: audioRequests.lastByte, at: audioRequests.at })
      .from(audioRequests)
      .orderBy(audioRequests.at, audioRequests.lastByte);
    expect(rows).toEqual([
      { firstByte: 0, lastByte: 999, at: START },
      { firstByte: 0, lastByte: 60_999, at: START },
      { firstByte: 70_000, lastByte: 70_999, at: START },
      { firstByte: 0, lastByte: 999, at: later(0.001) },
    ]);
    expect(await countDownloads({ db: database.db, media })).toBe(1);
  });

  it("keeps a listener's bytes asked again and again without a download, and counts once when the rest comes", async () => {
    // A player's probes and a first half, asked for again every ten minutes, each examined in a pass of its own.
    for (let tenMinutes = 0; tenMinutes < 30; tenMinutes++) {
      expect(await record({ start: 0, end: 1, at: later(tenMinutes / 6) })).toBe("not counted");
      expect(await record({ start: 0, end: 29_999, at: later(tenMinutes / 6 + 0.01) })).toBe("not counted");
    }
    expect(await record({ start: 30_000, end: MINUTE - 1, at: later(5) })).toBe("counted");
    expect(await record({ start: 0, end: MINUTE - 1, at: later(6) })).toBe("not counted");
    expect(await totalDownloads()).toBe(1);
  });

  it("counts one download when two requests complete it at once", async () => {
    await buffer({ start: 0, end: 40_000 }, { start: 30_000, end: MINUTE });
    await flushAudioRequests(database.db);
    expect(await countDownloads({ db: database.db, media })).toBe(1);
    expect(await totalDownloads()).toBe(1);
  });

  it("counts a listener's ranges across midnight as one listener's, in one pass", async () => {
    const midnight = new Date("2026-03-02T23:59:00Z");
    await buffer({ start: 0, end: 30_000, at: midnight }, { start: 30_001, end: MINUTE - 1, at: later(14.5) });
    await flushAudioRequests(database.db);
    expect(await countDownloads({ db: database.db, media })).toBe(1);
    expect(await database.db.select({ day: downloadDays.day }).from(downloadDays)).toEqual([{ day: "2026-03-03" }]);
  });

  it("leaves every request waiting, and counts it once on the next pass, when a pass is cut off before it commits", async () => {
    await buffer({ start: 0, end: 29_999 }, { start: 30_000, end: MINUTE - 1, at: later(1) });
    await flushAudioRequests(database.db);
    const cutOff = new Error("the process died");
    await expect(
      database.db.transaction(async (tx) => {
        expect(await examineWaitingRequests(tx, media, later(2))).toEqual({ examined: 2, counted: 1 });
        throw cutOff;
      }),
    ).rejects.toBe(cutOff);
    expect(await waitingRequests()).toBe(2);
    expect(await totalDownloads()).toBe(0);
    expect(await countDownloads({ db: database.db, media })).toBe(1);
    expect(await countDownloads({ db: database.db, media })).toBe(0);
    expect(await waitingRequests()).toBe(0);
    expect(await totalDownloads()).toBe(1);
  });

  it("counts each download once when two instances' passes run at once", async () => {
    const listeners = Array.from(
      { length: 400 },
      (_, index) => `198.51.${100 + Math.floor(index / 200)}.${index % 200}`,
    );
    const thirds = [
      { start: 0, end: 19_999 },
      { start: 20_000, end: 39_999 },
      { start: 40_000, end: MINUTE - 1 },
    ];
    // Each listener's thirds far apart in the table, so that the instances' batches split listeners between them.
    for (const [index, third] of thirds.entries()) {
      await buffer(...listeners.map((clientIp) => ({ clientIp, ...third, at: later(index / 10) })));
    }
    await flushAudioRequests(database.db);
    // A second instance: its own connections to the same PostgreSQL (on PGlite, the one connection again).
    const second: DatabaseHandle | null = database.url
      ? await openDatabase({ kind: "postgres", url: database.url }, { migrate: false })
      : null;
    try {
      const counted = await Promise.all([
        countDownloads({ db: database.db, media }),
        countDownloads({ db: second?.db ?? database.db, media }),
      ]);
      expect(counted[0] + counted[1]).toBe(listeners.length);
    } finally {
      await second?.close();
    }
    expect(await waitingRequests()).toBe(0);
    expect(await totalDownloads()).toBe(listeners.length);
  });

  it("forgets raw requests after the days kept and keys older than yesterday, keeping the daily rows", async () => {
    await record();
    await database.db.insert(analyticsKeys).values({ day: "2026-02-01", secret: "old" });
    await purgeAnalytics(database.db, later(24 * 31), 30);
    expect(await database.db.select().from(audioRequests)).toEqual([]);
    expect(await database.db.select().from(analyticsKeys)).toEqual([]);
    expect(await database.db.select({ downloads: downloadDays.downloads }).from(downloadDays)).toEqual([
      { downloads: 1 },
    ]);
  });
});

describe("GET /api/admin/analytics/downloads", () => {
  it("answers the owner and editors the downloads in total, per day, app and episode", async () => {
    await record();
    await record({ userAgent: OVERCAST, at: later(24) });
    const editor = await signInStaff(database.db, "editor");
    const response = await callApi(
      database.db,
      new Request(`http://localhost/api/admin/analytics/downloads?episode=${episodeId}&from=2026-03-01`, {
        headers: { cookie: editor.cookie },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: "Downloads",
      data: {
        total: 2,
        byDay: [
          { date: "2026-03-02", downloads: 1 },
          { date: "2026-03-03", downloads: 1 },
        ],
        byApp: [
          { app: "Apple Podcasts", downloads: 1 },
          { app: "Overcast", downloads: 1 },
        ],
        byEpisode: [{ id: episodeId, title: "Counted", downloads: 2 }],
      },
    });
  });
});
