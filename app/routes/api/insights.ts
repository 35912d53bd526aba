import { listInsightPage } from "~/features/insights/insights.server";
import type { InsightListResponse } from "~/features/insights/schema";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { listPageNumber } from "~/lib/list-page-number";
import type { PublicRouteHandle } from "~/lib/public-routes";
import type { Route } from "./+types/insights";

export const handle: PublicRouteHandle = { publicRoute: { shows: ["insights"] } };

/** GET /api/insights[?page=]: one page of the public posts, newest first, in the spec's shape. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { posts, page, hasNext } = await listInsightPage(db, listPageNumber(new URL(request.url)), new Date());
  return { success: true, message: "Insights retrieved", data: posts, page, hasNext } satisfies InsightListResponse;
}

export const action = methodNotAllowed;
