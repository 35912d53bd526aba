import { recordsChange } from "~/features/activity/changes.server";
import { answerResourceFileUpload } from "~/features/premium/resources.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** The multipart field `file` (a PDF or ZIP) replaces the resource's file; the handler reads the raw request. */
  apiCall({
    method: "PUT",
    path: "/api/admin/resources/:id/file",
    access: { staff: ROLES.content },
    activity: recordsChange("resource", "file_uploaded"),
    handler: ({ context, request, id }) => answerResourceFileUpload(context, request, id),
  }),
];
