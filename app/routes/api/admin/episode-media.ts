import { EPISODE_MEDIA_FIELDS, type EpisodeMediaField } from "~/features/episodes/episode-media";
import { answerEpisodeMediaRemoval, answerEpisodeMediaUpload } from "~/features/episodes/episode-media.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/episode-media";

const isMediaField = (value: string): value is EpisodeMediaField =>
  (EPISODE_MEDIA_FIELDS as readonly string[]).includes(value);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return isMediaField(params.media) ? methodNotAllowed() : notFound();
}

/**
 * PUT /api/admin/episodes/{id}/{audio|artwork|transcript}: the multipart field of that name (an MP3 or M4A file; a
 * square JPEG or PNG of 1400 to 3000 px; a WebVTT or SRT file) replaces the episode's file. DELETE removes the
 * artwork (the show's is used again) or the transcript; audio can only be replaced.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  await requireOwnerForApi(app.db, request);
  const field = params.media;
  if (!isMediaField(field)) return notFound();
  const removable = field !== "audio";
  if (request.method !== "PUT" && !(removable && request.method === "DELETE")) return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  if (request.method === "DELETE" && field !== "audio") return answerEpisodeMediaRemoval(app, id, field);
  return answerEpisodeMediaUpload(app, request, id, field);
}
