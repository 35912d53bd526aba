import { recordsChange } from "~/features/activity/changes.server";
import { markContactMessageRead } from "~/features/contacts/inbox.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  apiCall({
    method: "POST",
    path: "/api/admin/contacts/:id/read",
    access: { staff: ROLES.audience },
    activity: recordsChange("contact", "read"),
    async handler({ db, id }) {
      const data = await markContactMessageRead(db, id);
      if (!data) return notFound("Contact message not found");
      return { success: true, message: "Contact marked as read", data };
    },
  }),
];
