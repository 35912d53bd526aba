import { archiveVerb, recordsChange } from "~/features/activity/changes.server";
import { setSubscriberArchived } from "~/features/subscribers/subscriber-list.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { parseArchiveChange } from "~/lib/owner-list.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** [{ archived }]: archives the subscriber (no body, or true) or restores them. */
  apiCall({
    method: "PATCH",
    path: "/api/subscribers/:id/archive",
    access: { staff: ROLES.audience },
    activity: recordsChange("subscriber", archiveVerb),
    async handler({ db, request, id }) {
      const change = await parseArchiveChange(request);
      if (!change.ok) return change.response;
      const data = await setSubscriberArchived(db, id, change.data);
      if (!data) return notFound("Subscriber not found");
      const message = data.archived ? "Subscriber archived" : "Subscriber restored";
      return { success: true, message, data };
    },
  }),
];
