import { recordsChange } from "~/features/activity/changes.server";
import {
  answerInsightCoverRemoval,
  answerInsightCoverUpload,
  parseInsightId,
} from "~/features/insights/owner-insights.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** Multipart `alt` (required) and `cover` (a JPEG or PNG) replace the post's cover; the handler reads the raw request. */
  apiCall({
    method: "PUT",
    path: "/api/admin/insights/:id/cover",
    access: { staff: ROLES.content },
    activity: recordsChange("insight", "cover_uploaded"),
    parseId: parseInsightId,
    handler: ({ context, request, id }) => answerInsightCoverUpload(context, request, id),
  }),
  /** Removes the cover (the default picture is shown again). */
  apiCall({
    method: "DELETE",
    path: "/api/admin/insights/:id/cover",
    access: { staff: ROLES.content },
    activity: recordsChange("insight", "cover_removed"),
    parseId: parseInsightId,
    handler: ({ context, id }) => answerInsightCoverRemoval(context, id),
  }),
];
