import { recordsChange } from "~/features/activity/changes.server";
import { deleteGuestApplication } from "~/features/guests/review.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  apiCall({
    method: "DELETE",
    path: "/api/guests/applications/:id",
    access: { staff: ROLES.applications },
    activity: recordsChange("guest_application", "deleted"),
    async handler({ db, id }) {
      if (!(await deleteGuestApplication(db, id))) return notFound("Guest application not found");
      return { success: true, message: "Application deleted" };
    },
  }),
];
