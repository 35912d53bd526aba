import { recordsChange } from "~/features/activity/changes.server";
import { EventEditorSchema } from "~/features/premium/editor-schema";
import { createEvent, listOwnerEvents } from "~/features/premium/events.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** Every members' event, newest first (a show holds a few a month, so no pages). */
  apiCall({
    method: "GET",
    path: "/api/admin/events",
    access: { staff: ROLES.content },
    handler: async ({ db }) => ({ success: true, message: "Events", data: await listOwnerEvents(db) }),
  }),
  /** A new event from the form's fields. */
  apiCall({
    method: "POST",
    path: "/api/admin/events",
    access: { staff: ROLES.content },
    activity: recordsChange("event", "created", { recordFrom: "answer" }),
    body: EventEditorSchema,
    async handler({ db, body }) {
      const data = await createEvent(db, body);
      return Response.json({ success: true, message: "Event Created", data }, { status: 201 });
    },
  }),
];
