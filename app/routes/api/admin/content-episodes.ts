import { createContentEpisode } from "~/features/calendar/calendar.server";
import { NewContentEpisodeSchema } from "~/features/calendar/schema";
import { methodNotAllowed, notFound, parseJsonBody } from "~/lib/api.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/content-episodes";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerForApi(context.db, request);
  return methodNotAllowed();
}

/** POST /api/admin/content-episodes {title, description, episodeNumber, status, scheduledDate, seriesId} */
export async function action({ request, context }: Route.ActionArgs) {
  await requireOwnerForApi(context.db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, NewContentEpisodeSchema);
  if (!body.ok) return body.response;
  const data = await createContentEpisode(context.db, body.data);
  if (!data) return notFound("Content series not found");
  return Response.json({ success: true, message: "Episode Created", data }, { status: 201 });
}
