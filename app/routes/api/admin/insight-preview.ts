import { InsightPreviewSchema } from "~/features/insights/editor-schema";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import { renderMarkdown } from "~/lib/markdown.server";
import type { Route } from "./+types/insight-preview";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** POST /api/admin/insights/preview {markdown}: the body as the article page will show it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, InsightPreviewSchema);
  if (!body.ok) return body.response;
  return { success: true, message: "Preview", data: { html: renderMarkdown(body.data.markdown) } };
}
