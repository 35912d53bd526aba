import { EpisodeEditorSchema, EpisodeListQuerySchema } from "~/features/episodes/editor-schema";
import {
  createEpisode,
  EpisodeChangeRefused,
  listOwnerEpisodes,
  refusalResponse,
} from "~/features/episodes/owner-episodes.server";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import { parseListQuery } from "~/lib/owner-list.server";
import type { Route } from "./+types/episodes";

/** GET /api/admin/episodes[?page=&q=&sort=]: one page of the owner's episodes, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const query = parseListQuery(request, EpisodeListQuerySchema);
  if (!query.ok) return query.response;
  return listOwnerEpisodes(db, query.data, new Date());
}

/** POST /api/admin/episodes: a new episode from the editor's fields (a draft unless the body says otherwise). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, EpisodeEditorSchema);
  if (!body.ok) return body.response;
  try {
    const data = await createEpisode(db, body.data, new Date());
    return Response.json({ success: true, message: "Episode Created", data }, { status: 201 });
  } catch (error) {
    if (error instanceof EpisodeChangeRefused) return refusalResponse(error);
    throw error;
  }
}
