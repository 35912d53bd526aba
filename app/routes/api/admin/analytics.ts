import type { Database } from "~/db/client.server";
import {
  DOWNLOAD_DAYS_CSV_COLUMNS,
  downloadsCsvFileName,
  readDownloadDaysForCsv,
  summariseDownloads,
} from "~/features/analytics/downloads-report.server";
import { DownloadsQuerySchema } from "~/features/analytics/schema";
import { csvField } from "~/features/subscribers/subscriber-list";
import { apiCall } from "~/lib/api-calls.server";
import { csvResponse } from "~/lib/owner-list.server";
import { ROLES } from "~/lib/staff-roles";

/** The daily rows with the subscribers export's quoting, which keeps a spreadsheet from reading a cell as a formula. */
async function* downloadDaysCsvLines(db: Database): AsyncGenerator<string[]> {
  const line = (fields: string[]) => fields.map(csvField).join(",");
  yield [line(DOWNLOAD_DAYS_CSV_COLUMNS)];
  yield (await readDownloadDaysForCsv(db)).map(line);
}

export const calls = [
  /**
   * [?episode=&from=&to=]: downloads counted by the IAB rules (docs/analytics.md), in total, per UTC day, per app and
   * per episode; a download shows here as soon as it is counted, beside its response.
   */
  apiCall({
    method: "GET",
    path: "/api/admin/analytics/downloads",
    access: { staff: ROLES.analytics },
    query: DownloadsQuerySchema,
    handler: async ({ db, query }) => ({
      success: true,
      message: "Downloads",
      data: await summariseDownloads(db, query),
    }),
  }),
  /** Every daily row (day, episode, app, platform, device, access, country, downloads) as a CSV file. */
  apiCall({
    method: "GET",
    path: "/api/admin/analytics/downloads.csv",
    access: { staff: ROLES.analytics },
    handler: ({ db }) => csvResponse(downloadsCsvFileName(new Date()), downloadDaysCsvLines(db)),
  }),
];
