import { recordsChange } from "~/features/activity/changes.server";
import { changeStatusAndTellApplicant } from "~/features/guests/applicant-mail.server";
import { GuestApplicationStatusUpdateSchema } from "~/features/guests/review-schema";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** {status}; an accepted, scheduled or declined applicant is mailed the owner's text (Settings, Applicant Mail). */
  apiCall({
    method: "PATCH",
    path: "/api/guests/applications/:id/status",
    access: { staff: ROLES.applications },
    activity: recordsChange("guest_application", ({ body }) => ({
      verb: "status_changed",
      detail: (body as { status: string }).status,
    })),
    body: GuestApplicationStatusUpdateSchema,
    async handler({ db, context, id, body, user }) {
      const changed = await changeStatusAndTellApplicant(db, context.mailer, id, body.status, user?.id ?? null);
      if (!changed) return notFound("Guest application not found");
      const data = changed.application;
      return { success: true, message: `Application status updated to ${data.status}`, data, mailed: changed.mailed };
    },
  }),
];
