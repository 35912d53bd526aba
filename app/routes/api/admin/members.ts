import { listMembers } from "~/features/members/member-list.server";
import { MemberListQuerySchema } from "~/features/members/schema";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** [?page=&q=&sort=]: one page of members with the counts. */
  apiCall({
    method: "GET",
    path: "/api/admin/members",
    access: { staff: ROLES.membersRead },
    query: MemberListQuerySchema,
    handler: ({ db, query }) => listMembers(db, query),
  }),
];
