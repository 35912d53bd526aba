import { recordsChange } from "~/features/activity/changes.server";
import { deleteContactMessage } from "~/features/contacts/inbox.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  apiCall({
    method: "DELETE",
    path: "/api/contacts/:id",
    access: { staff: ROLES.audience },
    activity: recordsChange("contact", "deleted"),
    async handler({ db, id }) {
      if (!(await deleteContactMessage(db, id))) return notFound("Contact message not found");
      return { success: true, message: "Contact deleted permanently" };
    },
  }),
];
