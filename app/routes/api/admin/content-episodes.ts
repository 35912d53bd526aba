import { recordsChange } from "~/features/activity/changes.server";
import { createContentEpisode, EpisodeLinkRefused } from "~/features/calendar/calendar.server";
import { NewContentEpisodeSchema } from "~/features/calendar/schema";
import { apiError, notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** {title, description, episodeNumber, status, scheduledDate, seriesId, podcastEpisodeId?} */
  apiCall({
    method: "POST",
    path: "/api/admin/content-episodes",
    access: { staff: ROLES.content },
    activity: recordsChange("content_episode", "created", { recordFrom: "answer" }),
    body: NewContentEpisodeSchema,
    async handler({ db, body }) {
      try {
        const data = await createContentEpisode(db, body, new Date());
        if (!data) return notFound("Content series not found");
        return Response.json({ success: true, message: "Episode Created", data }, { status: 201 });
      } catch (error) {
        if (error instanceof EpisodeLinkRefused) return apiError(error.status, error.message);
        throw error;
      }
    },
  }),
];
