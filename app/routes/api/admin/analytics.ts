import {
  downloadDaysCsvLines,
  downloadsCsvFileName,
  summariseDownloads,
} from "~/features/analytics/downloads-report.server";
import { DownloadsQuerySchema } from "~/features/analytics/schema";
import { apiCall } from "~/lib/api-calls.server";
import { csvResponse } from "~/lib/owner-list.server";
import { ROLES } from "~/lib/staff-roles";

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
