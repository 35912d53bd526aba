import { z } from "zod";
import { ownAccountChange } from "~/features/activity/changes.server";
import { beginTwoFactor, confirmTwoFactor, disableTwoFactor } from "~/features/staff/two-factor.server";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import { ROLES } from "~/lib/staff-roles";

const CodeSchema = z.object({ code: z.string().trim().min(1).max(20) });
const WRONG_CODE_MESSAGE = "That code is not right. Enter the current code from your authenticator app.";

export const calls = [
  /** Begins setting up an authenticator app: the secret and its otpauth address (409 when two-factor is on). */
  apiCall({
    method: "POST",
    path: "/api/admin/two-factor",
    access: { staff: ROLES.anyStaff },
    activity: ownAccountChange("two_factor_started"),
    async handler({ db, staff }) {
      const settings = await getSiteSettings(db);
      const setup = await beginTwoFactor(db, staff.id, settings.showName);
      if (!setup) return apiError(409, "Two-factor authentication is already on. Turn it off first.");
      return { success: true, data: setup };
    },
  }),
  /** { code }: a current code from the app puts two-factor in force; answers the recovery codes, once. */
  apiCall({
    method: "POST",
    path: "/api/admin/two-factor/confirm",
    access: { staff: ROLES.anyStaff },
    activity: ownAccountChange("two_factor_on"),
    body: CodeSchema,
    async handler({ db, staff, body }) {
      const recoveryCodes = await confirmTwoFactor(db, staff.id, body.code);
      if (!recoveryCodes) return apiError(400, WRONG_CODE_MESSAGE);
      return { success: true, message: "Two-factor authentication is on", data: { recoveryCodes } };
    },
  }),
  /** { code }: a current code or a recovery code turns two-factor off. */
  apiCall({
    method: "POST",
    path: "/api/admin/two-factor/disable",
    access: { staff: ROLES.anyStaff },
    activity: ownAccountChange("two_factor_off"),
    body: CodeSchema,
    async handler({ db, staff, body }) {
      if (!(await disableTwoFactor(db, staff.id, body.code))) return apiError(400, WRONG_CODE_MESSAGE);
      return { success: true, message: "Two-factor authentication is off" };
    },
  }),
];
