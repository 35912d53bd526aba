import { SubscriberListQuerySchema } from "~/features/subscribers/schema";
import { listSubscribers } from "~/features/subscribers/subscriber-list.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** [?page=&q=&archived=&sort=]: one page of subscribers with the counts. */
  apiCall({
    method: "GET",
    path: "/api/subscribers",
    access: { staff: ROLES.audience },
    query: SubscriberListQuerySchema,
    handler: ({ db, query }) => listSubscribers(db, query),
  }),
];
