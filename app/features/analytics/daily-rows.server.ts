import { sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { downloadDays } from "~/db/schema";

/** Downloads to add to one daily row: a day, an episode and how the listener's app, platform, device and place read. */
export type DailyDownloads = typeof downloadDays.$inferInsert;

/** Adds counted downloads to their daily rows, within the transaction that marked the requests they took. */
export async function addToDailyRows(tx: Transaction, rows: DailyDownloads[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(downloadDays)
    .values(rows)
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
      set: { downloads: sql`${downloadDays.downloads} + excluded.downloads` },
    });
}
