import { findInsightPost } from "~/features/insights/insights.server";
import type { InsightResponse } from "~/features/insights/schema";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /** A public post by its address; an old address answers 301 to the current one. */
  apiCall({
    method: "GET",
    path: "/api/insights/:id",
    access: "public",
    parseId: (value) => value,
    async handler({ db, id }) {
      const found = await findInsightPost(db, id, new Date());
      if (!found) return notFound("Insight not found");
      if ("movedTo" in found) {
        return new Response(null, {
          status: 301,
          headers: { Location: `/api/insights/${encodeURIComponent(found.movedTo)}` },
        });
      }
      return { success: true, data: found.post } satisfies InsightResponse;
    },
  }),
];
