import { INSIGHT_NOT_FOUND_MESSAGE, InsightSaveSchema } from "~/features/insights/editor-schema";
import {
  deleteInsight,
  InsightChangeRefused,
  insightRefusal,
  parseInsightId,
  readOwnerInsight,
  saveInsight,
} from "~/features/insights/owner-insights.server";
import { invalidId, methodNotAllowed, notFound, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/insight";

/** GET /api/admin/insights/{id}: everything the editor shows, cover and version included. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const id = parseInsightId(params.id);
  if (id === null) return invalidId();
  const data = await readOwnerInsight(db, id, new Date());
  if (!data) return notFound(INSIGHT_NOT_FOUND_MESSAGE);
  return { success: true, message: "Insight", data };
}

/**
 * PUT /api/admin/insights/{id} (the editor's save, with the version it opened; answers the post as saved) and
 * DELETE (the row and its cover files).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, media } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const id = parseInsightId(params.id);
  if (id === null) return invalidId();
  if (request.method === "DELETE") {
    if (!(await deleteInsight(db, media, id))) return notFound(INSIGHT_NOT_FOUND_MESSAGE);
    return { success: true, message: "Insight Deleted" };
  }
  const body = await parseJsonBody(request, InsightSaveSchema);
  if (!body.ok) return body.response;
  try {
    const now = new Date();
    await saveInsight(db, id, body.data, now);
    return { success: true, message: "Insight Saved", data: await readOwnerInsight(db, id, now) };
  } catch (error) {
    if (error instanceof InsightChangeRefused) return insightRefusal(error);
    throw error;
  }
}
