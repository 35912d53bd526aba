import { STORY_MEDIA_FIELDS, type StoryMediaField } from "~/features/stories/editor-schema";
import { answerStoryMediaUpload } from "~/features/stories/stories.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/story-media";

const isMediaField = (value: string): value is StoryMediaField =>
  (STORY_MEDIA_FIELDS as readonly string[]).includes(value);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return isMediaField(params.media) ? methodNotAllowed() : notFound();
}

/**
 * PUT /api/admin/stories/{id}/{video|poster}: the multipart field of that name (an MP4 or WebM video; a JPEG or PNG
 * image, shown as WebP) replaces the story's file.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  await requireOwnerForApi(app.db, request);
  const field = params.media;
  if (!isMediaField(field)) return notFound();
  if (request.method !== "PUT") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  return answerStoryMediaUpload(app, request, id, field);
}
