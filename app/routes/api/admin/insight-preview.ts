import { InsightPreviewSchema } from "~/features/insights/editor-schema";
import { apiCall } from "~/lib/api-calls.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** {markdown}: the body as the article page will show it. */
  apiCall({
    method: "POST",
    path: "/api/admin/insights/preview",
    access: { staff: ROLES.content },
    activity: "none",
    body: InsightPreviewSchema,
    handler: ({ body }) => ({ success: true, message: "Preview", data: { html: renderMarkdown(body.markdown) } }),
  }),
];
