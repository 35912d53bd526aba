import { publicationVerb, recordsChange } from "~/features/activity/changes.server";
import { EpisodeSaveSchema } from "~/features/episodes/editor-schema";
import {
  deleteEpisode,
  EpisodeChangeRefused,
  readOwnerEpisode,
  refusalResponse,
  saveEpisode,
} from "~/features/episodes/owner-episodes.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** Everything the editor shows, media and version included. */
  apiCall({
    method: "GET",
    path: "/api/admin/episodes/:id",
    access: { staff: ROLES.content },
    async handler({ db, id }) {
      const data = await readOwnerEpisode(db, id, new Date());
      if (!data) return notFound("Episode not found");
      return { success: true, message: "Episode", data };
    },
  }),
  /** The editor's save, with the version it opened; answers the episode as saved. */
  apiCall({
    method: "PUT",
    path: "/api/admin/episodes/:id",
    access: { staff: ROLES.content },
    activity: recordsChange("episode", publicationVerb),
    body: EpisodeSaveSchema,
    async handler({ db, context, id, body }) {
      try {
        const now = new Date();
        await saveEpisode(db, context.media, id, body, now);
        return { success: true, message: "Episode Saved", data: await readOwnerEpisode(db, id, now) };
      } catch (error) {
        if (error instanceof EpisodeChangeRefused) return refusalResponse(error);
        throw error;
      }
    },
  }),
  /** The row and its files. */
  apiCall({
    method: "DELETE",
    path: "/api/admin/episodes/:id",
    access: { staff: ROLES.content },
    activity: recordsChange("episode", "deleted"),
    async handler({ db, context, id }) {
      if (!(await deleteEpisode(db, context.media, id))) return notFound("Episode not found");
      return { success: true, message: "Episode Deleted" };
    },
  }),
];
