import {
  answerInsightCoverRemoval,
  answerInsightCoverUpload,
  parseInsightId,
} from "~/features/insights/owner-insights.server";
import { invalidId, methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/insight-cover";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/**
 * PUT /api/admin/insights/{id}/cover: multipart `alt` (required) and `cover` (a JPEG or PNG) replace the post's
 * cover; DELETE removes it (the default picture is shown again).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  await requireOwnerForApi(app.db, request);
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const id = parseInsightId(params.id);
  if (id === null) return invalidId();
  if (request.method === "DELETE") return answerInsightCoverRemoval(app, id);
  return answerInsightCoverUpload(app, request, id);
}
