import { listActivity } from "~/features/activity/activity.server";
import { ActivityListQuerySchema } from "~/features/activity/schema";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /** [?page=&person=&kind=]: one page of the activity log, newest first, with who made each change. */
  apiCall({
    method: "GET",
    path: "/api/admin/activity",
    access: "owner",
    query: ActivityListQuerySchema,
    handler: ({ db, query }) => listActivity(db, query),
  }),
];
