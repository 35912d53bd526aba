import { listActivity } from "~/features/activity/activity.server";
import { ActivityListQuerySchema } from "~/features/activity/schema";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** [?page=&person=&kind=]: one page of the activity log, newest first, with who made each change. */
  apiCall({
    method: "GET",
    path: "/api/admin/activity",
    access: { staff: ROLES.owner },
    query: ActivityListQuerySchema,
    handler: ({ db, query }) => listActivity(db, query),
  }),
];
