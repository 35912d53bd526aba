import { listInsightPosts } from "~/features/insights/insights.server";
import type { InsightListResponse } from "~/features/insights/schema";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { PublicRouteHandle } from "~/lib/public-routes";
import type { Route } from "./+types/insights";

export const handle: PublicRouteHandle = { publicRoute: { shows: ["insights"] } };

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const posts = await listInsightPosts(db);
  return { success: true, message: "Insights retrieved", data: posts } satisfies InsightListResponse;
}

export const action = methodNotAllowed;
