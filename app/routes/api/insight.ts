import { findInsightPost } from "~/features/insights/insights.server";
import type { InsightResponse } from "~/features/insights/schema";
import { methodNotAllowed, notFound } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { Route } from "./+types/insight";

/** GET /api/insights/{id}: a public post by its address; an old address answers 301 to the current one. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const found = await findInsightPost(db, params.id, new Date());
  if (!found) return notFound("Insight not found");
  if ("movedTo" in found) {
    return new Response(null, {
      status: 301,
      headers: { Location: `/api/insights/${encodeURIComponent(found.movedTo)}` },
    });
  }
  return { success: true, data: found.post } satisfies InsightResponse;
}

export const action = methodNotAllowed;
