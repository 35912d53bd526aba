import { listInsightPage } from "~/features/insights/insights.server";
import type { InsightListResponse } from "~/features/insights/schema";
import { apiCall } from "~/lib/api-calls.server";
import { listPageNumber } from "~/lib/list-page-number";

export const calls = [
  /**
   * [?page=]: one page of the public posts, newest first, in the spec's shape. Public and shared: its route entry
   * (public-insights.ts) declares so for the page cache.
   */
  apiCall({
    method: "GET",
    path: "/api/insights",
    access: "public",
    async handler({ db, request }) {
      const { posts, page, hasNext } = await listInsightPage(db, listPageNumber(new URL(request.url)), new Date());
      return { success: true, message: "Insights retrieved", data: posts, page, hasNext } satisfies InsightListResponse;
    },
  }),
];
