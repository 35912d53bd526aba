import { recordsChange } from "~/features/activity/changes.server";
import { findContentEpisode, linkPodcastEpisode } from "~/features/calendar/calendar.server";
import { EPISODE_ALREADY_LINKED_MESSAGE } from "~/features/calendar/schema";
import { EpisodeEditorSchema, SUMMARY_MAX_LENGTH } from "~/features/episodes/editor-schema";
import {
  createEpisode,
  deleteEpisode,
  EpisodeChangeRefused,
  refusalResponse,
} from "~/features/episodes/owner-episodes.server";
import { apiError, notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /**
   * Makes a draft podcast episode from a calendar entry (its title and description) and links the entry to it; answers
   * the new episode's id for its editor.
   */
  apiCall({
    method: "POST",
    path: "/api/admin/content-episodes/:id/podcast-episode",
    access: { staff: ROLES.content },
    activity: recordsChange("episode", "created", { recordFrom: "answer" }),
    async handler({ db, context, id }) {
      const now = new Date();
      const entry = await findContentEpisode(db, id, now);
      if (!entry) return notFound("Episode not found");
      if (entry.podcastEpisode) return apiError(409, EPISODE_ALREADY_LINKED_MESSAGE);
      const draft = EpisodeEditorSchema.parse({
        title: entry.title,
        summary: entry.description.slice(0, SUMMARY_MAX_LENGTH),
      });
      let created: Awaited<ReturnType<typeof createEpisode>>;
      try {
        created = await createEpisode(db, draft, now);
      } catch (error) {
        if (error instanceof EpisodeChangeRefused) return refusalResponse(error);
        throw error;
      }
      // Another request linked the entry meanwhile: the draft made for it goes again.
      if (!(await linkPodcastEpisode(db, id, created.id))) {
        await deleteEpisode(db, context.media, created.id);
        return apiError(409, EPISODE_ALREADY_LINKED_MESSAGE);
      }
      return Response.json({ success: true, message: "Podcast Episode Created", data: created }, { status: 201 });
    },
  }),
];
