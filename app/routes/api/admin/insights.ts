import { InsightEditorSchema, InsightListQuerySchema } from "~/features/insights/editor-schema";
import {
  createInsight,
  InsightChangeRefused,
  insightRefusal,
  listOwnerInsights,
} from "~/features/insights/owner-insights.server";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import { parseListQuery } from "~/lib/owner-list.server";
import type { Route } from "./+types/insights";

/** GET /api/admin/insights[?page=&q=&sort=]: one page of the owner's posts, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const query = parseListQuery(request, InsightListQuerySchema);
  if (!query.ok) return query.response;
  return listOwnerInsights(db, query.data, new Date());
}

/** POST /api/admin/insights: a new post from the editor's fields (a draft unless the body says otherwise). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, InsightEditorSchema);
  if (!body.ok) return body.response;
  try {
    const data = await createInsight(db, body.data, new Date());
    return Response.json({ success: true, message: "Insight Created", data }, { status: 201 });
  } catch (error) {
    if (error instanceof InsightChangeRefused) return insightRefusal(error);
    throw error;
  }
}
