import { publicationVerb, recordsChange } from "~/features/activity/changes.server";
import { EpisodeEditorSchema, EpisodeListQuerySchema } from "~/features/episodes/editor-schema";
import {
  createEpisode,
  EpisodeChangeRefused,
  listOwnerEpisodes,
  refusalResponse,
} from "~/features/episodes/owner-episodes.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** [?page=&q=&sort=]: one page of the owner's episodes, newest first. */
  apiCall({
    method: "GET",
    path: "/api/admin/episodes",
    access: { staff: ROLES.content },
    query: EpisodeListQuerySchema,
    handler: ({ db, query }) => listOwnerEpisodes(db, query, new Date()),
  }),
  /** A new episode from the editor's fields (a draft unless the body says otherwise). */
  apiCall({
    method: "POST",
    path: "/api/admin/episodes",
    access: { staff: ROLES.content },
    activity: recordsChange("episode", publicationVerb, { recordFrom: "answer" }),
    body: EpisodeEditorSchema,
    async handler({ db, body }) {
      try {
        const data = await createEpisode(db, body, new Date());
        return Response.json({ success: true, message: "Episode Created", data }, { status: 201 });
      } catch (error) {
        if (error instanceof EpisodeChangeRefused) return refusalResponse(error);
        throw error;
      }
    },
  }),
];
