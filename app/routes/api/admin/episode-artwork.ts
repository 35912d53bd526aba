import { answerEpisodeMediaRemoval, answerEpisodeMediaUpload } from "~/features/episodes/episode-media.server";
import { invalidId, methodNotAllowed, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/episode-artwork";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/**
 * PUT /api/admin/episodes/{id}/artwork: multipart field `artwork`, a square JPEG or PNG of 1400 to 3000 px, replaces
 * the episode's artwork; DELETE goes back to the show's artwork.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  await requireOwnerForApi(app.db, request);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  if (request.method === "DELETE") return answerEpisodeMediaRemoval(app, id, "artwork");
  return answerEpisodeMediaUpload(app, request, id, "artwork");
}
