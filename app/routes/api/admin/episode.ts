import { EpisodeSaveSchema } from "~/features/episodes/editor-schema";
import {
  deleteEpisode,
  EpisodeChangeRefused,
  readOwnerEpisode,
  refusalResponse,
  saveEpisode,
} from "~/features/episodes/owner-episodes.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/episode";

/** GET /api/admin/episodes/{id}: everything the editor shows, media and version included. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  const data = await readOwnerEpisode(db, id, new Date());
  if (!data) return notFound("Episode not found");
  return { success: true, message: "Episode", data };
}

/**
 * PUT /api/admin/episodes/{id} (the editor's save, with the version it opened; answers the episode as saved) and
 * DELETE (the row and its files).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, media } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  if (request.method === "DELETE") {
    if (!(await deleteEpisode(db, media, id))) return notFound("Episode not found");
    return { success: true, message: "Episode Deleted" };
  }
  const body = await parseJsonBody(request, EpisodeSaveSchema);
  if (!body.ok) return body.response;
  try {
    const now = new Date();
    await saveEpisode(db, media, id, body.data, now);
    return { success: true, message: "Episode Saved", data: await readOwnerEpisode(db, id, now) };
  } catch (error) {
    if (error instanceof EpisodeChangeRefused) return refusalResponse(error);
    throw error;
  }
}
