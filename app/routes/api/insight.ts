import { findInsightPost } from "~/features/insights/insights.server";
import type { InsightResponse } from "~/features/insights/schema";
import { methodNotAllowed, notFound } from "~/lib/api.server";
import type { Route } from "./+types/insight";

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await findInsightPost(context.db, params.id);
  if (!post) return notFound("Insight not found");
  return { success: true, data: post } satisfies InsightResponse;
}

export const action = methodNotAllowed;
