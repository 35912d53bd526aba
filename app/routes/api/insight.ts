import { findInsightPost } from "~/features/insights/insights.server";
import type { InsightResponse } from "~/features/insights/schema";
import { methodNotAllowed, notFound } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { Route } from "./+types/insight";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const post = await findInsightPost(db, params.id);
  if (!post) return notFound("Insight not found");
  return { success: true, data: post } satisfies InsightResponse;
}

export const action = methodNotAllowed;
