import { findContentEpisode, linkPodcastEpisode } from "~/features/calendar/calendar.server";
import { EPISODE_ALREADY_LINKED_MESSAGE } from "~/features/calendar/schema";
import { EpisodeEditorSchema, SUMMARY_MAX_LENGTH } from "~/features/episodes/editor-schema";
import {
  createEpisode,
  deleteEpisode,
  EpisodeChangeRefused,
  refusalResponse,
} from "~/features/episodes/owner-episodes.server";
import { apiError, invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/content-episode-podcast-episode";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/**
 * POST /api/admin/content-episodes/{id}/podcast-episode: makes a draft podcast episode from a calendar entry (its
 * title and description) and links the entry to it; answers the new episode's id for its editor.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, media } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
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
    await deleteEpisode(db, media, created.id);
    return apiError(409, EPISODE_ALREADY_LINKED_MESSAGE);
  }
  return Response.json({ success: true, message: "Podcast Episode Created", data: created }, { status: 201 });
}
