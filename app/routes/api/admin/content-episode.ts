import { recordsChange } from "~/features/activity/changes.server";
import { deleteContentEpisode, EpisodeLinkRefused, updateContentEpisode } from "~/features/calendar/calendar.server";
import { ContentEpisodeSchema } from "~/features/calendar/schema";
import { apiError, notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** The Edit Episode form. */
  apiCall({
    method: "PATCH",
    path: "/api/admin/content-episodes/:id",
    access: { staff: ROLES.content },
    activity: recordsChange("content_episode", "updated"),
    body: ContentEpisodeSchema,
    async handler({ db, id, body }) {
      try {
        const data = await updateContentEpisode(db, id, body, new Date());
        if (!data) return notFound("Episode not found");
        return { success: true, message: "Episode Updated", data };
      } catch (error) {
        if (error instanceof EpisodeLinkRefused) return apiError(error.status, error.message);
        throw error;
      }
    },
  }),
  apiCall({
    method: "DELETE",
    path: "/api/admin/content-episodes/:id",
    access: { staff: ROLES.content },
    activity: recordsChange("content_episode", "deleted"),
    async handler({ db, id }) {
      if (!(await deleteContentEpisode(db, id))) return notFound("Episode not found");
      return { success: true, message: "Episode Deleted" };
    },
  }),
];
