import { recordsChange } from "~/features/activity/changes.server";
import { StoryEditorSchema } from "~/features/stories/editor-schema";
import { createStory, listOwnerStories } from "~/features/stories/stories.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** Every host story in the About page's order (a show has a handful, so no pages). */
  apiCall({
    method: "GET",
    path: "/api/admin/stories",
    access: { staff: ROLES.content },
    handler: async ({ db }) => ({ success: true, message: "Stories", data: await listOwnerStories(db) }),
  }),
  /** A new story from the editor's fields, last in the order. */
  apiCall({
    method: "POST",
    path: "/api/admin/stories",
    access: { staff: ROLES.content },
    activity: recordsChange("story", "created", { recordFrom: "answer" }),
    body: StoryEditorSchema,
    async handler({ db, body }) {
      const data = await createStory(db, body);
      return Response.json({ success: true, message: "Story Created", data }, { status: 201 });
    },
  }),
];
