import { recordsChange } from "~/features/activity/changes.server";
import { answerResourceFileUpload } from "~/features/premium/resources.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /** The multipart field `file` (a PDF or ZIP) replaces the resource's file; the handler reads the raw request. */
  apiCall({
    method: "PUT",
    path: "/api/admin/resources/:id/file",
    access: "owner",
    activity: recordsChange("resource", "file_uploaded"),
    handler: ({ context, request, id }) => answerResourceFileUpload(context, request, id),
  }),
];
