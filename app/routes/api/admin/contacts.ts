import { listContactMessages } from "~/features/contacts/inbox.server";
import { ContactListQuerySchema } from "~/features/contacts/schema";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /** One page of contact messages with the counts. */
  apiCall({
    method: "GET",
    path: "/api/admin/contacts",
    access: "owner",
    query: ContactListQuerySchema,
    handler: ({ db, query }) => listContactMessages(db, query),
  }),
];
