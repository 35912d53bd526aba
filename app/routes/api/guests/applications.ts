import { listGuestApplications } from "~/features/guests/review.server";
import { GuestApplicationListQuerySchema } from "~/features/guests/review-schema";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /**
   * [?page=&archived=&status=&sort=]: one page of applications with the counts. The owner gets every application; a
   * premium member only those made with their own account's email address.
   */
  apiCall({
    method: "GET",
    path: "/api/guests/applications",
    access: { anyOf: ["owner", { tier: "premium" }] },
    query: GuestApplicationListQuerySchema,
    handler({ db, query, user, isOwner }) {
      if (isOwner) return listGuestApplications(db, query);
      // A member without an address has made no application that could be theirs.
      return listGuestApplications(db, query, { applicantEmail: user?.email ?? "" });
    },
  }),
];
