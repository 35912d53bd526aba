import { ShowNotesPreviewSchema } from "~/features/episodes/editor-schema";
import { renderShowNotes } from "~/features/episodes/owner-episodes.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** {markdown}: the show notes as the episode page will show them. */
  apiCall({
    method: "POST",
    path: "/api/admin/episodes/notes-preview",
    access: { staff: ROLES.content },
    activity: "none",
    body: ShowNotesPreviewSchema,
    handler: ({ body }) => ({ success: true, message: "Preview", data: { html: renderShowNotes(body.markdown) } }),
  }),
];
