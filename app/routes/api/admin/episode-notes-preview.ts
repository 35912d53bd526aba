import { ShowNotesPreviewSchema } from "~/features/episodes/editor-schema";
import { renderShowNotes } from "~/features/episodes/owner-episodes.server";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/episode-notes-preview";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** POST /api/admin/episodes/notes-preview {markdown}: the show notes as the episode page will show them. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, ShowNotesPreviewSchema);
  if (!body.ok) return body.response;
  return { success: true, message: "Preview", data: { html: renderShowNotes(body.data.markdown) } };
}
