import { RECENT_SIGN_INS_LISTED } from "~/features/owner/schema";
import { listOwnerSignIns } from "~/features/owner/sign-ins.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** The owner's latest login attempts (time, address, browser, success), newest first. */
  apiCall({
    method: "GET",
    path: "/api/admin/sign-ins",
    access: { staff: ROLES.owner },
    handler: async ({ db }) => ({
      success: true,
      message: "Recent sign-ins",
      data: await listOwnerSignIns(db, RECENT_SIGN_INS_LISTED),
    }),
  }),
];
