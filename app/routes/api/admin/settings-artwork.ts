import { recordsChange } from "~/features/activity/changes.server";
import { answerArtworkRemoval, answerArtworkUpload } from "~/features/settings/settings.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** The multipart field `artwork` (a square JPEG or PNG of 1400 to 3000 px) becomes the show's artwork. */
  apiCall({
    method: "PUT",
    path: "/api/admin/settings/artwork",
    access: { staff: ROLES.owner },
    activity: recordsChange("settings", "artwork_uploaded", { recordFrom: "none", title: "Show artwork" }),
    handler: ({ context, request }) => answerArtworkUpload(context, request),
  }),
  /** Goes back to the bundled artwork. */
  apiCall({
    method: "DELETE",
    path: "/api/admin/settings/artwork",
    access: { staff: ROLES.owner },
    activity: recordsChange("settings", "artwork_removed", { recordFrom: "none", title: "Show artwork" }),
    handler: ({ context }) => answerArtworkRemoval(context),
  }),
];
