import { publicationVerb, recordsChange } from "~/features/activity/changes.server";
import { INSIGHT_NOT_FOUND_MESSAGE, InsightSaveSchema } from "~/features/insights/editor-schema";
import {
  deleteInsight,
  InsightChangeRefused,
  insightRefusal,
  parseInsightId,
  readOwnerInsight,
  saveInsight,
} from "~/features/insights/owner-insights.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** Everything the editor shows, cover and version included. */
  apiCall({
    method: "GET",
    path: "/api/admin/insights/:id",
    access: { staff: ROLES.content },
    parseId: parseInsightId,
    async handler({ db, id }) {
      const data = await readOwnerInsight(db, id, new Date());
      if (!data) return notFound(INSIGHT_NOT_FOUND_MESSAGE);
      return { success: true, message: "Insight", data };
    },
  }),
  /** The editor's save, with the version it opened; answers the post as saved. */
  apiCall({
    method: "PUT",
    path: "/api/admin/insights/:id",
    access: { staff: ROLES.content },
    activity: recordsChange("insight", publicationVerb),
    parseId: parseInsightId,
    body: InsightSaveSchema,
    async handler({ db, id, body }) {
      try {
        const now = new Date();
        await saveInsight(db, id, body, now);
        return { success: true, message: "Insight Saved", data: await readOwnerInsight(db, id, now) };
      } catch (error) {
        if (error instanceof InsightChangeRefused) return insightRefusal(error);
        throw error;
      }
    },
  }),
  /** The row and its cover files. */
  apiCall({
    method: "DELETE",
    path: "/api/admin/insights/:id",
    access: { staff: ROLES.content },
    activity: recordsChange("insight", "deleted"),
    parseId: parseInsightId,
    async handler({ db, context, id }) {
      if (!(await deleteInsight(db, context.media, id))) return notFound(INSIGHT_NOT_FOUND_MESSAGE);
      return { success: true, message: "Insight Deleted" };
    },
  }),
];
