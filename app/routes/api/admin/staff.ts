import { recordsChange } from "~/features/activity/changes.server";
import { STAFF_EXISTS_MESSAGE, StaffInviteSchema } from "~/features/staff/schema";
import { inviteStaff, listStaff } from "~/features/staff/staff.server";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** Every staff account (email, role, status, whether still invited), oldest first. */
  apiCall({
    method: "GET",
    path: "/api/admin/staff",
    access: { staff: ROLES.owner },
    async handler({ db }) {
      return { success: true, data: await listStaff(db) };
    },
  }),
  /** { email, role }: invites a person; 201 once the invitation mail is sent, 409 when the address has an account. */
  apiCall({
    method: "POST",
    path: "/api/admin/staff",
    access: { staff: ROLES.owner },
    activity: recordsChange("staff", "invited", { recordFrom: "answer" }),
    body: StaffInviteSchema,
    async handler({ db, context, body }) {
      const outcome = await inviteStaff(db, context.mailer, context.env, body);
      if ("exists" in outcome) return apiError(409, STAFF_EXISTS_MESSAGE);
      return Response.json(
        { success: true, message: `Invitation sent to ${outcome.invited.email}`, data: outcome.invited },
        { status: 201 },
      );
    },
  }),
];
