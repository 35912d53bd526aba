import { deleteContentEpisode, EpisodeLinkRefused, updateContentEpisode } from "~/features/calendar/calendar.server";
import { ContentEpisodeSchema } from "~/features/calendar/schema";
import { apiError, invalidId, methodNotAllowed, notFound, parseIdParam, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/content-episode";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** PATCH /api/admin/content-episodes/{id} (the Edit Episode form) and DELETE /api/admin/content-episodes/{id}. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  if (request.method === "DELETE") {
    if (!(await deleteContentEpisode(db, id))) return notFound("Episode not found");
    return { success: true, message: "Episode Deleted" };
  }
  const body = await parseJsonBody(request, ContentEpisodeSchema);
  if (!body.ok) return body.response;
  try {
    const data = await updateContentEpisode(db, id, body.data, new Date());
    if (!data) return notFound("Episode not found");
    return { success: true, message: "Episode Updated", data };
  } catch (error) {
    if (error instanceof EpisodeLinkRefused) return apiError(error.status, error.message);
    throw error;
  }
}
