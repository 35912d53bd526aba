import { recordsChange } from "~/features/activity/changes.server";
import { deleteSubscriber } from "~/features/subscribers/subscriber-list.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  apiCall({
    method: "DELETE",
    path: "/api/subscribers/:id",
    access: { staff: ROLES.audience },
    activity: recordsChange("subscriber", "deleted"),
    async handler({ db, id }) {
      if (!(await deleteSubscriber(db, id))) return notFound("Subscriber not found");
      return { success: true, message: "Subscriber deleted" };
    },
  }),
];
