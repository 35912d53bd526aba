import { StoryEditorSchema } from "~/features/stories/editor-schema";
import { createStory, listOwnerStories } from "~/features/stories/stories.server";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/stories";

/** GET /api/admin/stories: every host story in the About page's order (a show has a handful, so no pages). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return { success: true, message: "Stories", data: await listOwnerStories(db) };
}

/** POST /api/admin/stories: a new story from the editor's fields, last in the order. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, StoryEditorSchema);
  if (!body.ok) return body.response;
  const data = await createStory(db, body.data);
  return Response.json({ success: true, message: "Story Created", data }, { status: 201 });
}
