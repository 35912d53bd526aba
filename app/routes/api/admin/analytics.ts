import { summariseDownloads } from "~/features/analytics/downloads-report.server";
import { DownloadsQuerySchema } from "~/features/analytics/schema";
import { apiCall } from "~/lib/api-calls.server";
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
];
