import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { downloadDays, feedSubscriberReports, podcastEpisodes } from "~/db/schema";
import { utcDay } from "./count-downloads.server";
import type { AnalyticsReport, Breakdown, DownloadsQuery, DownloadsSummary } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;
const downloads = sql<number>`sum(${downloadDays.downloads})`.mapWith(Number);

const filterOf = (query: DownloadsQuery): SQL | undefined =>
  and(
    query.episode ? eq(downloadDays.episodeId, query.episode) : undefined,
    query.from ? gte(downloadDays.day, query.from) : undefined,
    query.to ? lte(downloadDays.day, query.to) : undefined,
  );

/** Downloads counted in the daily rows, in total, per day, per app and per episode (most first). */
export async function summariseDownloads(db: Database, query: DownloadsQuery): Promise<DownloadsSummary> {
  const where = filterOf(query);
  const [byDay, byApp, byEpisode] = await Promise.all([
    db
      .select({ date: downloadDays.day, downloads })
      .from(downloadDays)
      .where(where)
      .groupBy(downloadDays.day)
      .orderBy(downloadDays.day),
    db
      .select({ app: downloadDays.app, downloads })
      .from(downloadDays)
      .where(where)
      .groupBy(downloadDays.app)
      .orderBy(desc(downloads), downloadDays.app),
    db
      .select({ id: downloadDays.episodeId, title: podcastEpisodes.title, downloads })
      .from(downloadDays)
      .innerJoin(podcastEpisodes, eq(podcastEpisodes.id, downloadDays.episodeId))
      .where(where)
      .groupBy(downloadDays.episodeId, podcastEpisodes.title)
      .orderBy(desc(downloads), downloadDays.episodeId),
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

type BreakdownColumn = typeof downloadDays.platform | typeof downloadDays.device | typeof downloadDays.country;

async function breakdown(db: Database, column: BreakdownColumn, where: SQL | undefined): Promise<Breakdown> {
  return db
    .select({ name: sql<string>`${column}`, downloads })
    .from(downloadDays)
    .where(where)
    .groupBy(column)
    .orderBy(desc(downloads), column);
}

/** What the analytics screen shows for the last `days` days (null: everything counted), as of `now`. */
export async function readAnalyticsReport(db: Database, now: Date, days: number | null): Promise<AnalyticsReport> {
  const to = utcDay(now);
  const query: DownloadsQuery = days ? { from: firstDayOf(now, days), to } : {};
  const where = filterOf(query);
  const [summary, byPlatform, byDevice, byCountry, launchRows, feedSubscribers] = await Promise.all([
    summariseDownloads(db, query),
    breakdown(db, downloadDays.platform, where),
    breakdown(db, downloadDays.device, where),
    breakdown(db, downloadDays.country, and(where, sql`${downloadDays.country} <> ''`)),
    db
      .select({
        id: podcastEpisodes.id,
        title: podcastEpisodes.title,
        publishDay: sql<string>`to_char(${podcastEpisodes.publishDate} at time zone 'UTC', 'YYYY-MM-DD')`,
        first7:
          sql<number>`coalesce(sum(${downloadDays.downloads}) filter (where ${downloadDays.day} < (${podcastEpisodes.publishDate} at time zone 'UTC')::date + 7), 0)`.mapWith(
            Number,
          ),
        first30:
          sql<number>`coalesce(sum(${downloadDays.downloads}) filter (where ${downloadDays.day} < (${podcastEpisodes.publishDate} at time zone 'UTC')::date + 30), 0)`.mapWith(
            Number,
          ),
      })
      .from(podcastEpisodes)
      .leftJoin(downloadDays, eq(downloadDays.episodeId, podcastEpisodes.id))
      .where(and(eq(podcastEpisodes.status, "published"), lte(podcastEpisodes.publishDate, now)))
      .groupBy(podcastEpisodes.id)
      .orderBy(desc(podcastEpisodes.publishDate)),
    estimateFeedSubscribers(db, now),
  ]);
  const from = query.from ?? summary.byDay[0]?.date ?? to;
  return {
    summary,
    days: everyDay(from, to, summary.byDay),
    byPlatform,
    byDevice,
    byCountry,
    feedSubscribers,
    launches: {
      episodes: launchRows,
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
  return (await summariseDownloads(db, { from: firstDayOf(now, 7), to: utcDay(now) })).total;
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
