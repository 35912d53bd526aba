import { and, desc, eq, gt, gte, lte, ne, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import {
  downloadBreakdownDays,
  downloadDays,
  downloadEpisodeDays,
  feedSubscriberReports,
  podcastEpisodes,
} from "~/db/schema";
import { utcDay } from "./count-downloads.server";
import type { AnalyticsReport, Breakdown, DownloadsQuery, DownloadsSummary } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;
const sumOf = (column: AnyPgColumn) => sql<number>`sum(${column})`.mapWith(Number);

const inRange = (day: AnyPgColumn, query: DownloadsQuery): SQL | undefined =>
  and(query.from ? gte(day, query.from) : undefined, query.to ? lte(day, query.to) : undefined);

type BreakdownDimension = "app" | "platform" | "device" | "country";

/** One breakdown's downloads per value over the query's days, most first, from the per-day sums over every episode. */
async function breakdown(db: Database, dimension: BreakdownDimension, query: DownloadsQuery): Promise<Breakdown> {
  const downloads = sumOf(downloadBreakdownDays.downloads);
  return db
    .select({ name: downloadBreakdownDays.value, downloads })
    .from(downloadBreakdownDays)
    .where(
      and(
        eq(downloadBreakdownDays.dimension, dimension),
        inRange(downloadBreakdownDays.day, query),
        // No place is known without a GeoIP database: not a country.
        dimension === "country" ? ne(downloadBreakdownDays.value, "") : undefined,
      ),
    )
    .groupBy(downloadBreakdownDays.value)
    .orderBy(desc(downloads), downloadBreakdownDays.value);
}

/** Downloads per day: one episode's from its per-day sums, the show's from the app sums (a download has one app). */
function downloadsByDay(db: Database, query: DownloadsQuery) {
  if (query.episode) {
    return db
      .select({ date: downloadEpisodeDays.day, downloads: downloadEpisodeDays.downloads })
      .from(downloadEpisodeDays)
      .where(and(eq(downloadEpisodeDays.episodeId, query.episode), inRange(downloadEpisodeDays.day, query)))
      .orderBy(downloadEpisodeDays.day);
  }
  const downloads = sumOf(downloadBreakdownDays.downloads);
  return db
    .select({ date: downloadBreakdownDays.day, downloads })
    .from(downloadBreakdownDays)
    .where(and(eq(downloadBreakdownDays.dimension, "app"), inRange(downloadBreakdownDays.day, query)))
    .groupBy(downloadBreakdownDays.day)
    .orderBy(downloadBreakdownDays.day);
}

/** Downloads per app: one episode's from its daily rows (its own days only), the show's from the app sums. */
async function downloadsByApp(db: Database, query: DownloadsQuery): Promise<DownloadsSummary["byApp"]> {
  if (!query.episode) {
    return (await breakdown(db, "app", query)).map(({ name, downloads }) => ({ app: name, downloads }));
  }
  const downloads = sumOf(downloadDays.downloads);
  return db
    .select({ app: downloadDays.app, downloads })
    .from(downloadDays)
    .where(and(eq(downloadDays.episodeId, query.episode), inRange(downloadDays.day, query)))
    .groupBy(downloadDays.app)
    .orderBy(desc(downloads), downloadDays.app);
}

/**
 * An episode's downloads of the days before `day` (of all its days when null): the running total of its last day
 * before, one row through the (episode, day) key however long its history.
 */
const downloadsBefore = (episode: AnyPgColumn, day: SQL | null) =>
  sql<number>`coalesce((select ${downloadEpisodeDays.through} from ${downloadEpisodeDays}
    where ${downloadEpisodeDays.episodeId} = ${episode}${day ? sql` and ${downloadEpisodeDays.day} < ${day}` : sql``}
    order by ${downloadEpisodeDays.day} desc limit 1), 0)`;

/** Downloads per episode between the query's days, most first: the difference of two running totals per episode. */
function downloadsByEpisode(db: Database, query: DownloadsQuery) {
  const upTo = downloadsBefore(podcastEpisodes.id, query.to ? sql`${query.to}::date + 1` : null);
  const before = query.from ? downloadsBefore(podcastEpisodes.id, sql`${query.from}::date`) : sql`0`;
  const sums = db
    .select({
      id: podcastEpisodes.id,
      title: podcastEpisodes.title,
      downloads: sql<number>`${upTo} - ${before}`.mapWith(Number).as("downloads"),
    })
    .from(podcastEpisodes)
    .where(query.episode ? eq(podcastEpisodes.id, query.episode) : undefined)
    .as("sums");
  return db.select().from(sums).where(gt(sums.downloads, 0)).orderBy(desc(sums.downloads), sums.id);
}

/** Downloads counted in the daily rows, in total, per day, per app and per episode (most first). */
export async function summariseDownloads(db: Database, query: DownloadsQuery): Promise<DownloadsSummary> {
  const [byDay, byApp, byEpisode] = await Promise.all([
    downloadsByDay(db, query),
    downloadsByApp(db, query),
    downloadsByEpisode(db, query),
  ]);
  return { total: byDay.reduce((sum, row) => sum + row.downloads, 0), byDay, byApp, byEpisode };
}

/** The first day of the last `days` UTC days up to `now`, today included. */
const firstDayOf = (now: Date, days: number) => utcDay(new Date(now.getTime() - (days - 1) * DAY_MS));

const median = (values: number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function everyDay(from: string, to: string, counted: { date: string; downloads: number }[]) {
  const byDate = new Map(counted.map((row) => [row.date, row.downloads]));
  const days: { date: string; downloads: number }[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) {
    const date = utcDay(new Date(time));
    days.push({ date, downloads: byDate.get(date) ?? 0 });
  }
  return days;
}

/**
 * Each episode published by `now`, newest first, with its downloads of the days before its 7th and its 30th day from
 * its publish day (UTC): two running totals per episode, whatever the length of its history.
 */
function readLaunches(db: Database, now: Date) {
  const publishDay = sql`(${podcastEpisodes.publishDate} at time zone 'UTC')::date`;
  return db
    .select({
      id: podcastEpisodes.id,
      title: podcastEpisodes.title,
      publishDay: sql<string>`to_char(${podcastEpisodes.publishDate} at time zone 'UTC', 'YYYY-MM-DD')`,
      first7: downloadsBefore(podcastEpisodes.id, sql`${publishDay} + 7`).mapWith(Number),
      first30: downloadsBefore(podcastEpisodes.id, sql`${publishDay} + 30`).mapWith(Number),
    })
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.status, "published"), lte(podcastEpisodes.publishDate, now)))
    .orderBy(desc(podcastEpisodes.publishDate));
}

/**
 * What the analytics screen shows for the last `days` days (null: everything counted), as of `now`, with the launches
 * of the latest `launchesListed` episodes (null: every one); the medians are of every published episode.
 */
export async function readAnalyticsReport(
  db: Database,
  now: Date,
  days: number | null,
  launchesListed: number | null = null,
): Promise<AnalyticsReport> {
  const to = utcDay(now);
  const query: DownloadsQuery = days ? { from: firstDayOf(now, days), to } : {};
  const [byDay, byApp, byPlatform, byDevice, byCountry, launchRows, feedSubscribers] = await Promise.all([
    downloadsByDay(db, query),
    downloadsByApp(db, query),
    breakdown(db, "platform", query),
    breakdown(db, "device", query),
    breakdown(db, "country", query),
    readLaunches(db, now),
    estimateFeedSubscribers(db, now),
  ]);
  const from = query.from ?? byDay[0]?.date ?? to;
  return {
    summary: { total: byDay.reduce((sum, row) => sum + row.downloads, 0), byApp },
    days: everyDay(from, to, byDay),
    byPlatform,
    byDevice,
    byCountry,
    feedSubscribers,
    launches: {
      episodes: launchesListed === null ? launchRows : launchRows.slice(0, launchesListed),
      published: launchRows.length,
      median7: median(launchRows.map((row) => row.first7)),
      median30: median(launchRows.map((row) => row.first30)),
    },
  };
}

/** How long a feed reader's report counts in the subscriber estimate: readers fetch a feed at least daily. */
const SUBSCRIBER_REPORT_DAYS = 7;

/** The estimate of feed subscribers: the sum of each feed reader's latest report of the last week. */
async function estimateFeedSubscribers(db: Database, now: Date): Promise<number> {
  const [row] = await db
    .select({ subscribers: sql<number>`coalesce(sum(${feedSubscriberReports.subscribers}), 0)`.mapWith(Number) })
    .from(feedSubscriberReports)
    .where(gte(feedSubscriberReports.reportedAt, new Date(now.getTime() - SUBSCRIBER_REPORT_DAYS * DAY_MS)));
  return row.subscribers;
}

/** Downloads of the last 7 days, today included: the dashboard's figure. */
export async function downloadsThisWeek(db: Database, now: Date): Promise<number> {
  const [row] = await db
    .select({ downloads: sql<number>`coalesce(sum(${downloadBreakdownDays.downloads}), 0)`.mapWith(Number) })
    .from(downloadBreakdownDays)
    .where(
      and(
        eq(downloadBreakdownDays.dimension, "app"),
        inRange(downloadBreakdownDays.day, { from: firstDayOf(now, 7), to: utcDay(now) }),
      ),
    );
  return row.downloads;
}

export const DOWNLOAD_DAYS_CSV_COLUMNS = [
  "Date",
  "Episode Id",
  "Episode",
  "App",
  "Platform",
  "Device",
  "Access",
  "Country",
  "Downloads",
];

/** Every daily row, oldest first, as the CSV export's fields in its columns' order. */
export async function readDownloadDaysForCsv(db: Database): Promise<string[][]> {
  const rows = await db
    .select({
      day: downloadDays.day,
      episodeId: downloadDays.episodeId,
      title: podcastEpisodes.title,
      app: downloadDays.app,
      platform: downloadDays.platform,
      device: downloadDays.device,
      access: downloadDays.access,
      country: downloadDays.country,
      downloads: downloadDays.downloads,
    })
    .from(downloadDays)
    .innerJoin(podcastEpisodes, eq(podcastEpisodes.id, downloadDays.episodeId))
    .orderBy(downloadDays.day, downloadDays.episodeId, downloadDays.app, downloadDays.platform, downloadDays.device);
  return rows.map((row) =>
    [row.day, row.episodeId, row.title, row.app, row.platform, row.device, row.access, row.country, row.downloads].map(
      String,
    ),
  );
}

export const downloadsCsvFileName = (now: Date) => `downloads-${utcDay(now)}.csv`;
