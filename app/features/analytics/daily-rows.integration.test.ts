import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPodcastEpisode } from "#tests/setup/owner-fixtures";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { downloadBreakdownDays, downloadDays, downloadEpisodeDays, podcastEpisodes } from "~/db/schema";
import { addToDailyRows, type DailyDownloads } from "./daily-rows.server";
import { readAnalyticsReport, summariseDownloads } from "./downloads-report.server";

let database: TestDatabase;
let episodeIds: number[];

beforeAll(async () => {
  database = await createTestDatabase();
  episodeIds = [];
  for (const day of ["2026-03-01", "2026-03-03", "2026-03-04"]) {
    const episode = await insertPodcastEpisode(database.db, {
      status: "published",
      publishDate: new Date(`${day}T22:30:00Z`),
      title: `Published ${day}`,
    });
    episodeIds.push(episode.id);
  }
});
afterAll(async () => {
  await database.close();
});

/** Few values on each side, so that batches add to the same rows and sums often. */
const DAYS = ["2026-02-27", "2026-03-01", "2026-03-02", "2026-03-05", "2026-03-09", "2026-04-02"];
const dailyRow = () =>
  fc.record({
    day: fc.constantFrom(...DAYS),
    episodeIndex: fc.nat({ max: 2 }),
    app: fc.constantFrom("Apple Podcasts", "Overcast", "Spotify"),
    platform: fc.constantFrom("Apple", "Android"),
    device: fc.constantFrom("Apple iPhone", "Phone", "Smart Speaker"),
    access: fc.constantFrom("public", "premium"),
    country: fc.constantFrom("", "GB", "JP"),
    downloads: fc.integer({ min: 1, max: 5 }),
  });
/** A batch to count, or the daily rows of one day deleted by hand. */
const step = fc.oneof(
  { weight: 4, arbitrary: fc.array(dailyRow(), { minLength: 1, maxLength: 12 }).map((rows) => ({ rows })) },
  { weight: 1, arbitrary: fc.constantFrom(...DAYS).map((deletedDay) => ({ deletedDay })) },
);

const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** What each sum table holds, and what the daily rows add up to, in one comparable shape. */
async function sumsAndDailyRows() {
  const held = {
    episodeDays: await rowsOf(sql`select episode_id, day::text, downloads::bigint::text, through::text
      from ${downloadEpisodeDays} order by 1, 2`),
    breakdownDays: await rowsOf(sql`select dimension, value, day::text, downloads::bigint::text
      from ${downloadBreakdownDays} order by 1, 2, 3`),
  };
  const summed = {
    episodeDays: await rowsOf(sql`select episode_id, day::text, sum(downloads)::text as downloads,
        (sum(sum(downloads)) over (partition by episode_id order by day))::text as through
      from ${downloadDays} group by episode_id, day order by 1, 2`),
    breakdownDays: await rowsOf(sql`select dimension, value, day::text, sum(downloads)::text as downloads from (
        select 'app' as dimension, app as value, day, downloads from ${downloadDays}
        union all select 'platform', platform, day, downloads from ${downloadDays}
        union all select 'device', device, day, downloads from ${downloadDays}
        union all select 'country', country, day, downloads from ${downloadDays}
      ) as sides group by 1, 2, 3 order by 1, 2, 3`),
  };
  return { held, summed };
}

async function startEmpty() {
  await database.db.delete(downloadDays);
  await database.db.delete(downloadEpisodeDays);
  await database.db.delete(downloadBreakdownDays);
}

async function countInBatches(
  steps: ({ rows: (Omit<DailyDownloads, "episodeId"> & { episodeIndex: number })[] } | { deletedDay: string })[],
) {
  for (const each of steps) {
    if ("deletedDay" in each) {
      await database.db.delete(downloadDays).where(eq(downloadDays.day, each.deletedDay));
      continue;
    }
    const rows = each.rows.map(({ episodeIndex, ...row }) => ({ ...row, episodeId: episodeIds[episodeIndex] }));
    await database.db.transaction((tx) => addToDailyRows(tx, rows));
  }
}

describe("the sums of the daily rows", () => {
  it("equal the daily rows added up after any batches counted and days deleted", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        await startEmpty();
        await countInBatches(steps);
        const { held, summed } = await sumsAndDailyRows();
        expect(held).toEqual(summed);
      }),
      { numRuns: 40 },
    );
  });

  it("lose a deleted episode's downloads with its daily rows", async () => {
    await startEmpty();
    const gone = await insertPodcastEpisode(database.db, { status: "published", title: "Deleted" });
    const row = { day: "2026-03-02", app: "Overcast", platform: "Apple", device: "Phone", access: "public" as const };
    await database.db.transaction((tx) =>
      addToDailyRows(tx, [
        { ...row, episodeId: gone.id, country: "GB", downloads: 3 },
        { ...row, episodeId: episodeIds[0], country: "GB", downloads: 2 },
        { ...row, episodeId: gone.id, country: "JP", downloads: 1 },
      ]),
    );
    await database.db.delete(podcastEpisodes).where(eq(podcastEpisodes.id, gone.id));
    const { held, summed } = await sumsAndDailyRows();
    expect(held).toEqual(summed);
    expect(held.breakdownDays).toContainEqual({
      dimension: "app",
      value: "Overcast",
      day: "2026-03-02",
      downloads: "2",
    });
    expect(held.breakdownDays.some((each) => (each as { value: string }).value === "JP")).toBe(false);
  });
});

type DailyRow = typeof downloadDays.$inferSelect;

/** Downloads added up per key, most first and then by key: as the reports order them. */
function mostFirst<Key extends string | number>(rows: DailyRow[], keyOf: (row: DailyRow) => Key) {
  const sums = new Map<Key, number>();
  for (const row of rows) sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + row.downloads);
  return [...sums].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
}

/** The summary the API answers, added up from the daily rows themselves. */
function summaryOfDailyRows(all: DailyRow[], query: { episode?: number; from?: string; to?: string }) {
  const rows = all.filter(
    (row) =>
      (!query.episode || row.episodeId === query.episode) &&
      (!query.from || row.day >= query.from) &&
      (!query.to || row.day <= query.to),
  );
  const byDay = mostFirst(rows, (row) => row.day)
    .map(([date, downloads]) => ({ date, downloads }))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  return {
    total: rows.reduce((sum, row) => sum + row.downloads, 0),
    byDay,
    byApp: mostFirst(rows, (row) => row.app).map(([app, downloads]) => ({ app, downloads })),
    byEpisode: mostFirst(rows, (row) => row.episodeId).map(([id, downloads]) => ({
      id,
      title: `Published ${["2026-03-01", "2026-03-03", "2026-03-04"][episodeIds.indexOf(id)]}`,
      downloads,
    })),
  };
}

describe("the reports read from the sums", () => {
  const query = fc.record(
    {
      episodeIndex: fc.nat({ max: 2 }),
      from: fc.constantFrom(...DAYS),
      to: fc.constantFrom(...DAYS),
    },
    { requiredKeys: [] },
  );

  it("show what the daily rows add up to, for any episode and days", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 6 }),
        query,
        fc.constantFrom(7, 30, 90, null),
        async (steps, { episodeIndex, from, to }, days) => {
          await startEmpty();
          await countInBatches(steps);
          const rows = await database.db.select().from(downloadDays);
          const asked = { episode: episodeIndex === undefined ? undefined : episodeIds[episodeIndex], from, to };
          expect(await summariseDownloads(database.db, asked)).toEqual(summaryOfDailyRows(rows, asked));

          const now = new Date("2026-04-02T12:00:00Z");
          const report = await readAnalyticsReport(database.db, now, days);
          const range = days ? rows.filter((row) => Date.parse(row.day) > now.getTime() - days * 86_400_000) : rows;
          const side = (pick: (row: DailyRow) => string) =>
            mostFirst(range, pick).map(([name, downloads]) => ({ name, downloads }));
          const { total, byApp, byDay } = summaryOfDailyRows(range, {});
          expect(report.summary).toEqual({ total, byApp });
          expect(report.days.filter((day) => day.downloads > 0)).toEqual(byDay);
          expect(report.byPlatform).toEqual(side((row) => row.platform));
          expect(report.byDevice).toEqual(side((row) => row.device));
          expect(report.byCountry).toEqual(side((row) => row.country).filter((row) => row.name !== ""));
          const launchDays = ["2026-03-01", "2026-03-03", "2026-03-04"];
          const downloadsBefore = (id: number, days: number) => {
            const publishDay = Date.parse(launchDays[episodeIds.indexOf(id)]);
            return rows
              .filter((row) => row.episodeId === id && Date.parse(row.day) < publishDay + days * 86_400_000)
              .reduce((sum, row) => sum + row.downloads, 0);
          };
          expect(report.launches.episodes).toEqual(
            [...episodeIds].reverse().map((id, index) => ({
              id,
              title: `Published ${launchDays[2 - index]}`,
              publishDay: launchDays[2 - index],
              first7: downloadsBefore(id, 7),
              first30: downloadsBefore(id, 30),
            })),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
