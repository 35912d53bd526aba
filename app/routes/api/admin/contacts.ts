import { listContactMessages } from "~/features/contacts/inbox.server";
import { ContactListQuerySchema } from "~/features/contacts/schema";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** One page of contact messages with the counts. */
  apiCall({
    method: "GET",
    path: "/api/admin/contacts",
    access: { staff: ROLES.audience },
    query: ContactListQuerySchema,
    handler: ({ db, query }) => listContactMessages(db, query),
  }),
];
