import { recordsChange, staffChangeVerb } from "~/features/activity/changes.server";
import { LAST_OWNER_MESSAGE, StaffUpdateSchema } from "~/features/staff/schema";
import { removeStaff, updateStaff } from "~/features/staff/staff.server";
import { apiError, notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

const STAFF_NOT_FOUND = "Staff account not found";

export const calls = [
  /** { role?, status? }: a new role, or suspended/active. 409 for the last active owner. */
  apiCall({
    method: "PATCH",
    path: "/api/admin/staff/:id",
    access: { staff: ROLES.owner },
    activity: recordsChange("staff", staffChangeVerb),
    body: StaffUpdateSchema,
    async handler({ db, id, body }) {
      const outcome = await updateStaff(db, id, body);
      if ("notFound" in outcome) return notFound(STAFF_NOT_FOUND);
      if ("lastOwner" in outcome) return apiError(409, LAST_OWNER_MESSAGE);
      return { success: true, message: "Staff Account Updated", data: outcome.changed };
    },
  }),
  /** Removes the account and ends its sessions. 409 for the last active owner. */
  apiCall({
    method: "DELETE",
    path: "/api/admin/staff/:id",
    access: { staff: ROLES.owner },
    activity: recordsChange("staff", "removed"),
    async handler({ db, id }) {
      const outcome = await removeStaff(db, id);
      if ("notFound" in outcome) return notFound(STAFF_NOT_FOUND);
      if ("lastOwner" in outcome) return apiError(409, LAST_OWNER_MESSAGE);
      return { success: true, message: "Staff Account Removed" };
    },
  }),
];
