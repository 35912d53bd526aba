import { ownAccountChange, ownEmailChange } from "~/features/activity/changes.server";
import { changeOwnEmail, changeOwnPassword } from "~/features/owner/own-account.server";
import {
  ChangeEmailSchema,
  ChangePasswordSchema,
  STAFF_EXISTS_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from "~/features/staff/schema";
import { apiError, tooManyRequests } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

const wrongCurrentPassword = () =>
  apiError(400, WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE] });

export const calls = [
  /**
   * { currentPassword, newPassword, confirmPassword }: the signed-in person's new password. A wrong current password is
   * a 400 and counts as a failed login of the account; a right one sets the new password and signs out every other
   * session of the person's, keeping this one.
   */
  apiCall({
    method: "POST",
    path: "/api/admin/account/password",
    access: { staff: ROLES.anyStaff },
    activity: ownAccountChange("password_changed"),
    body: ChangePasswordSchema,
    async handler({ db, request, staff, body }) {
      const result = await changeOwnPassword(db, request, staff.id, body);
      if (result.outcome === "slowed-down") return tooManyRequests(result.retryAfterSeconds);
      if (result.outcome === "wrong-current-password") return wrongCurrentPassword();
      const ended = result.otherSessionsEnded;
      return {
        success: true,
        message: `Password changed. ${ended} other ${ended === 1 ? "session was" : "sessions were"} signed out.`,
        ended,
      };
    },
  }),
  /**
   * { email, currentPassword }: the signed-in person's new email, the one they sign in with. A wrong current password
   * is a 400 counted as a failed login; an email another account has is a 409. Sessions stay signed in.
   */
  apiCall({
    method: "POST",
    path: "/api/admin/account/email",
    access: { staff: ROLES.anyStaff },
    activity: ownEmailChange,
    body: ChangeEmailSchema,
    async handler({ db, staff, body }) {
      const result = await changeOwnEmail(db, staff.id, body);
      if (result.outcome === "slowed-down") return tooManyRequests(result.retryAfterSeconds);
      if (result.outcome === "wrong-current-password") return wrongCurrentPassword();
      if (result.outcome === "taken") return apiError(409, STAFF_EXISTS_MESSAGE, { email: [STAFF_EXISTS_MESSAGE] });
      return { success: true, message: `Your email is now ${result.email}.`, data: { email: result.email } };
    },
  }),
];
