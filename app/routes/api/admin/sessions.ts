import { ownAccountChange } from "~/features/activity/changes.server";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { endStaffSessionsOf, listStaffSessions } from "~/lib/session.server";
import { ROLES } from "~/lib/staff-roles";

const SESSION_ID = /^[0-9a-f]{32}$/;

export const calls = [
  /** The signed-in person's own live sessions (started, address, browser), the current one marked. */
  apiCall({
    method: "GET",
    path: "/api/admin/sessions",
    access: { staff: ROLES.anyStaff },
    async handler({ db, request, staff }) {
      return { success: true, data: await listStaffSessions(db, request, staff.id) };
    },
  }),
  /** Signs the person out everywhere but here. */
  apiCall({
    method: "POST",
    path: "/api/admin/sessions/end-others",
    access: { staff: ROLES.anyStaff },
    activity: ownAccountChange("signed_out_elsewhere"),
    async handler({ db, request, staff }) {
      const ended = await endStaffSessionsOf(db, request, staff.id, null);
      return { success: true, message: `${ended} other ${ended === 1 ? "session" : "sessions"} signed out`, ended };
    },
  }),
  /** Ends one of the person's own sessions (404 for another's or an ended one). */
  apiCall({
    method: "DELETE",
    path: "/api/admin/sessions/:id",
    access: { staff: ROLES.anyStaff },
    activity: ownAccountChange("session_ended"),
    parseId: (value) => (SESSION_ID.test(value) ? value : null),
    async handler({ db, request, staff, id }) {
      const ended = await endStaffSessionsOf(db, request, staff.id, id);
      if (ended === 0) return apiError(404, "Session not found");
      return { success: true, message: "Session signed out" };
    },
  }),
];
