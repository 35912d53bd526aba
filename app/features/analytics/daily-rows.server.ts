import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Transaction } from "~/db/client.server";
import { downloadBreakdownDays, downloadDays, downloadEpisodeDays, downloadEpisodeTotals } from "~/db/schema";

/** Downloads to add to one daily row: a day, an episode and how the listener's app, platform, device and place read. */
export type DailyDownloads = typeof downloadDays.$inferInsert;

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
 * sums the reports read (per episode and day, per episode, per day and app, platform, device or country), so that
 * those can never disagree with the daily rows.
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
  await tx
    .insert(downloadEpisodeDays)
    .values(addUp(rows, ({ episodeId, day }) => ({ episodeId, day })))
    .onConflictDoUpdate({
      target: [downloadEpisodeDays.episodeId, downloadEpisodeDays.day],
      set: addExcluded(downloadEpisodeDays.downloads),
    });
  await tx
    .insert(downloadEpisodeTotals)
    .values(addUp(rows, ({ episodeId }) => ({ episodeId })))
    .onConflictDoUpdate({ target: downloadEpisodeTotals.episodeId, set: addExcluded(downloadEpisodeTotals.downloads) });
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
