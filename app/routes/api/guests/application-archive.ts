import { archiveVerb, recordsChange } from "~/features/activity/changes.server";
import { setGuestApplicationArchived } from "~/features/guests/review.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { parseArchiveChange } from "~/lib/owner-list.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** [{ archived }]: archives the application (no body, or true) or restores it. */
  apiCall({
    method: "PATCH",
    path: "/api/guests/applications/:id/archive",
    access: { staff: ROLES.applications },
    activity: recordsChange("guest_application", archiveVerb),
    async handler({ db, request, id }) {
      const change = await parseArchiveChange(request);
      if (!change.ok) return change.response;
      const data = await setGuestApplicationArchived(db, id, change.data);
      if (!data) return notFound("Guest application not found");
      const message = data.archived ? "Application archived" : "Application restored";
      return { success: true, message, data };
    },
  }),
];
