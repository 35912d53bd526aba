import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Transaction } from "~/db/client.server";
import { downloadBreakdownDays, downloadDays, downloadEpisodeDays } from "~/db/schema";

/** Downloads to add to one daily row: a day, an episode and how the listener's app, platform, device and place read. */
export type DailyDownloads = typeof downloadDays.$inferInsert;

/**
 * Serialises the transactions that change one episode's running totals (`through`), which each read from the episode's
 * earlier days; the same key as the trigger that takes deleted daily rows away (drizzle/0029_download_sums_backfill.sql).
 */
const EPISODE_SUMS_LOCK = 727_202_560;

/** The listener's sides the breakdown sums keep per day, over every episode. */
const BREAKDOWN_DIMENSIONS = ["app", "platform", "device", "country"] as const;

/**
 * The rows' downloads added up per key, in the order of their keys. One statement may add to a row only once, and
 * transactions that take their rows' locks in one order cannot deadlock on them.
 */
function addUp<Key extends Record<string, string | number>>(
  rows: DailyDownloads[],
  keyOf: (row: DailyDownloads) => Key,
): (Key & { downloads: number })[] {
  const sums = new Map<string, Key & { downloads: number }>();
  for (const row of rows) {
    const key = keyOf(row);
    const name = JSON.stringify(Object.values(key));
    const sum = sums.get(name);
    if (sum) sum.downloads += row.downloads;
    else sums.set(name, { ...key, downloads: row.downloads });
  }
  return [...sums.keys()].sort().map((name) => sums.get(name) as Key & { downloads: number });
}

/**
 * Adds counted downloads to their daily rows, within the transaction that marked the requests they took, and to the
 * sums the reports read (per episode and day with its running total, per day and app, platform, device or country),
 * so that those can never disagree with the daily rows.
 */
export async function addToDailyRows(tx: Transaction, rows: DailyDownloads[]): Promise<void> {
  if (rows.length === 0) return;
  const addExcluded = (column: AnyPgColumn) => ({ downloads: sql`${column} + excluded.downloads` });
  await tx
    .insert(downloadDays)
    .values(
      addUp(rows, ({ day, episodeId, app, platform, device, access, country }) => ({
        day,
        episodeId,
        app,
        platform,
        device,
        access,
        country,
      })),
    )
    .onConflictDoUpdate({
      target: [
        downloadDays.day,
        downloadDays.episodeId,
        downloadDays.app,
        downloadDays.platform,
        downloadDays.device,
        downloadDays.access,
        downloadDays.country,
      ],
      set: addExcluded(downloadDays.downloads),
    });
  const episodeDays = addUp(rows, ({ episodeId, day }) => ({ episodeId, day }));
  const firstDays = new Map<number, string>();
  for (const { episodeId, day } of episodeDays) {
    const first = firstDays.get(episodeId);
    if (first === undefined || day < first) firstDays.set(episodeId, day);
  }
  const episodes = [...firstDays.keys()].sort((a, b) => a - b);
  await tx.execute(
    sql`select pg_advisory_xact_lock(${EPISODE_SUMS_LOCK}, episode) from unnest(${`{${episodes.join(",")}}`}::int[]) as episode`,
  );
  await tx
    .insert(downloadEpisodeDays)
    .values(episodeDays.map((row) => ({ ...row, through: 0 })))
    .onConflictDoUpdate({
      target: [downloadEpisodeDays.episodeId, downloadEpisodeDays.day],
      set: addExcluded(downloadEpisodeDays.downloads),
    });
  // `through` of each episode's days from the first it changed on: its new days', and those after.
  await tx.execute(
    sql`select download_episode_running_totals(episode, first_day) from (values ${sql.join(
      [...firstDays].map(([episode, day]) => sql`(${episode}::int, ${day}::date)`),
      sql`, `,
    )}) as changed (episode, first_day)`,
  );
  await tx
    .insert(downloadBreakdownDays)
    .values(
      BREAKDOWN_DIMENSIONS.flatMap((dimension) =>
        addUp(rows, (row) => ({ dimension, value: row[dimension], day: row.day })),
      ),
    )
    .onConflictDoUpdate({
      target: [downloadBreakdownDays.dimension, downloadBreakdownDays.day, downloadBreakdownDays.value],
      set: addExcluded(downloadBreakdownDays.downloads),
    });
}
