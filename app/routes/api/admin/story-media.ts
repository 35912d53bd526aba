import { recordsChange } from "~/features/activity/changes.server";
import { STORY_MEDIA_FIELDS } from "~/features/stories/editor-schema";
import { answerStoryMediaUpload } from "~/features/stories/stories.server";
import { type AnyApiCall, apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

/**
 * PUT /api/admin/stories/{id}/{video|poster}: the multipart field of that name (an MP4 or WebM video; a JPEG or PNG
 * image, shown as WebP) replaces the story's file; the handler reads the raw request.
 */
export const calls: AnyApiCall[] = STORY_MEDIA_FIELDS.map((field) =>
  apiCall({
    method: "PUT",
    path: `/api/admin/stories/:id/${field}`,
    access: { staff: ROLES.content },
    activity: recordsChange("story", `${field}_uploaded`),
    handler: ({ context, request, id }) => answerStoryMediaUpload(context, request, id, field),
  }),
);
