import { publicationVerb, recordsChange } from "~/features/activity/changes.server";
import { InsightEditorSchema, InsightListQuerySchema } from "~/features/insights/editor-schema";
import {
  createInsight,
  InsightChangeRefused,
  insightRefusal,
  listOwnerInsights,
} from "~/features/insights/owner-insights.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** [?page=&q=&sort=]: one page of the owner's posts, newest first. */
  apiCall({
    method: "GET",
    path: "/api/admin/insights",
    access: { staff: ROLES.content },
    query: InsightListQuerySchema,
    handler: ({ db, query }) => listOwnerInsights(db, query, new Date()),
  }),
  /** A new post from the editor's fields (a draft unless the body says otherwise). */
  apiCall({
    method: "POST",
    path: "/api/admin/insights",
    access: { staff: ROLES.content },
    activity: recordsChange("insight", publicationVerb, { recordFrom: "answer" }),
    body: InsightEditorSchema,
    async handler({ db, body }) {
      try {
        const data = await createInsight(db, body, new Date());
        return Response.json({ success: true, message: "Insight Created", data }, { status: 201 });
      } catch (error) {
        if (error instanceof InsightChangeRefused) return insightRefusal(error);
        throw error;
      }
    },
  }),
];
