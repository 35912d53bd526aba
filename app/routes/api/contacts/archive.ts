import { archiveVerb, recordsChange } from "~/features/activity/changes.server";
import { setContactMessageArchived } from "~/features/contacts/inbox.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { parseArchiveChange } from "~/lib/owner-list.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** [{ archived }]: archives the message (no body, or true) or restores it. */
  apiCall({
    method: "PATCH",
    path: "/api/contacts/:id/archive",
    access: { staff: ROLES.audience },
    activity: recordsChange("contact", archiveVerb),
    async handler({ db, request, id }) {
      const change = await parseArchiveChange(request);
      if (!change.ok) return change.response;
      const data = await setContactMessageArchived(db, id, change.data);
      if (!data) return notFound("Contact message not found");
      const message = data.archived ? "Contact archived successfully" : "Contact unarchived successfully";
      return { success: true, message, data };
    },
  }),
];
