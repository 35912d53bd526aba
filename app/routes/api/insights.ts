import { listInsightPosts } from "~/features/insights/insights.server";
import type { InsightListResponse } from "~/features/insights/schema";
import { methodNotAllowed } from "~/lib/api.server";
import type { Route } from "./+types/insights";

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listInsightPosts(context.db);
  return { success: true, message: "Insights retrieved", data: posts } satisfies InsightListResponse;
}

export const action = methodNotAllowed;
