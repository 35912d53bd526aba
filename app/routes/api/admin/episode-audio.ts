import { answerEpisodeMediaUpload } from "~/features/episodes/episode-media.server";
import { invalidId, methodNotAllowed, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/episode-audio";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** PUT /api/admin/episodes/{id}/audio: multipart field `audio`, an MP3 or M4A file, replaces the episode's audio. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  await requireOwnerForApi(app.db, request);
  if (request.method !== "PUT") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  return answerEpisodeMediaUpload(app, request, id, "audio");
}
