import { recordsChange } from "~/features/activity/changes.server";
import { createContentSeries, listContentSeries } from "~/features/calendar/calendar.server";
import { ContentSeriesSchema } from "~/features/calendar/schema";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  apiCall({
    method: "GET",
    path: "/api/admin/content-series",
    access: { staff: ROLES.content },
    handler: async ({ db }) => ({ success: true, data: await listContentSeries(db) }),
  }),
  /** {title, description, status} */
  apiCall({
    method: "POST",
    path: "/api/admin/content-series",
    access: { staff: ROLES.content },
    activity: recordsChange("content_series", "created", { recordFrom: "answer" }),
    body: ContentSeriesSchema,
    async handler({ db, body }) {
      const data = await createContentSeries(db, body);
      return Response.json({ success: true, message: "Series Created", data }, { status: 201 });
    },
  }),
];
