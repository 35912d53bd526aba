import { listGuestApplications } from "~/features/guests/review.server";
import { GuestApplicationListQuerySchema } from "~/features/guests/review-schema";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /**
   * [?page=&archived=&status=&sort=]: one page of applications with the counts. Staff get every application; a
   * premium member only those made with their own account's email address.
   */
  apiCall({
    method: "GET",
    path: "/api/guests/applications",
    access: { anyOf: [{ staff: ROLES.applications }, { tier: "premium" }] },
    query: GuestApplicationListQuerySchema,
    handler({ db, query, user, staff }) {
      if (staff) return listGuestApplications(db, query);
      // A member without an address has made no application that could be theirs.
      return listGuestApplications(db, query, { applicantEmail: user?.email ?? "" });
    },
  }),
];
