import { recordsChange } from "~/features/activity/changes.server";
import { StoryOrderSchema } from "~/features/stories/editor-schema";
import { reorderStories, STORY_ORDER_MISMATCH } from "~/features/stories/stories.server";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** `{ ids }`: every story's id, first to last; answers the stories in their new order. */
  apiCall({
    method: "PUT",
    path: "/api/admin/stories/order",
    access: { staff: ROLES.content },
    activity: recordsChange("story", "reordered", { recordFrom: "none", title: "About page stories" }),
    body: StoryOrderSchema,
    async handler({ db, body }) {
      const data = await reorderStories(db, body.ids);
      if (!data) return apiError(409, STORY_ORDER_MISMATCH);
      return { success: true, message: "Order Saved", data };
    },
  }),
];
