import { recordsChange } from "~/features/activity/changes.server";
import { SuppressionListQuerySchema } from "~/features/mail/schema";
import { liftSuppression, listSuppressions } from "~/features/mail/suppressions.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

/** The path names the address (any case); null (400 "Invalid id") for what cannot be one. */
const parseAddress = (value: string) => {
  const email = value.trim().toLowerCase();
  return email.includes("@") && email.length <= 254 && !email.includes("\u0000") ? email : null;
};

export const calls = [
  /** [?page=&q=]: one page of the suppressed addresses, newest first, with the counts. */
  apiCall({
    method: "GET",
    path: "/api/admin/mail/suppressions",
    access: { staff: ROLES.owner },
    query: SuppressionListQuerySchema,
    handler: ({ db, query }) => listSuppressions(db, query),
  }),
  /** Lifts a suppression: the address is mailed again from the next mail on; 404 when it is not suppressed. */
  apiCall({
    method: "DELETE",
    path: "/api/admin/mail/suppressions/:id",
    access: { staff: ROLES.owner },
    parseId: parseAddress,
    activity: recordsChange("suppression", "lifted"),
    async handler({ db, id }) {
      if (!(await liftSuppression(db, id))) return notFound("That address is not suppressed");
      return { success: true, message: `${id} will be mailed again` };
    },
  }),
];
