import { SubscriberListQuerySchema } from "~/features/subscribers/schema";
import { subscriberCsvFileName } from "~/features/subscribers/subscriber-list";
import { subscriberCsvLines } from "~/features/subscribers/subscriber-list.server";
import { apiCall } from "~/lib/api-calls.server";
import { csvResponse } from "~/lib/owner-list.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** [?q=&archived=&sort=]: every subscriber of that view as the spec's CSV file, streamed from the database. */
  apiCall({
    method: "GET",
    path: "/api/subscribers/export",
    access: { staff: ROLES.audience },
    query: SubscriberListQuerySchema.omit({ page: true }),
    handler: ({ db, query }) => csvResponse(subscriberCsvFileName(new Date()), subscriberCsvLines(db, query)),
  }),
];
