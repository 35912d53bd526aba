import { findContentSeries, listSeriesEpisodes } from "~/features/calendar/calendar.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  apiCall({
    method: "GET",
    path: "/api/admin/content-series/:id/episodes",
    access: { staff: ROLES.content },
    async handler({ db, id }) {
      if (!(await findContentSeries(db, id))) return notFound("Content series not found");
      return { success: true, data: await listSeriesEpisodes(db, id, new Date()) };
    },
  }),
];
