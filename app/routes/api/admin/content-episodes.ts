import { createContentEpisode, EpisodeLinkRefused } from "~/features/calendar/calendar.server";
import { NewContentEpisodeSchema } from "~/features/calendar/schema";
import { apiError, methodNotAllowed, notFound, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/content-episodes";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** POST /api/admin/content-episodes {title, description, episodeNumber, status, scheduledDate, seriesId, podcastEpisodeId?} */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, NewContentEpisodeSchema);
  if (!body.ok) return body.response;
  try {
    const data = await createContentEpisode(db, body.data, new Date());
    if (!data) return notFound("Content series not found");
    return Response.json({ success: true, message: "Episode Created", data }, { status: 201 });
  } catch (error) {
    if (error instanceof EpisodeLinkRefused) return apiError(error.status, error.message);
    throw error;
  }
}
