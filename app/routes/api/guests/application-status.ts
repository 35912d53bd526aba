import { recordsChange } from "~/features/activity/changes.server";
import { updateGuestApplicationStatus } from "~/features/guests/review.server";
import { GuestApplicationStatusUpdateSchema } from "~/features/guests/review-schema";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** {status}: the owner's alone. */
  apiCall({
    method: "PATCH",
    path: "/api/guests/applications/:id/status",
    access: { staff: ROLES.applications },
    activity: recordsChange("guest_application", ({ body }) => ({
      verb: "status_changed",
      detail: (body as { status: string }).status,
    })),
    body: GuestApplicationStatusUpdateSchema,
    async handler({ db, id, body, user }) {
      const data = await updateGuestApplicationStatus(db, id, body.status, user?.id ?? null);
      if (!data) return notFound("Guest application not found");
      return { success: true, message: `Application status updated to ${data.status}`, data };
    },
  }),
];
