import { recordsChange } from "~/features/activity/changes.server";
import { ResourceEditorSchema } from "~/features/premium/editor-schema";
import { createResource, listOwnerResources } from "~/features/premium/resources.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** Every members' resource, in the order they were added. */
  apiCall({
    method: "GET",
    path: "/api/admin/resources",
    access: { staff: ROLES.content },
    handler: async ({ db }) => ({ success: true, message: "Resources", data: await listOwnerResources(db) }),
  }),
  /** A new resource from the form's fields; its file is uploaded next. */
  apiCall({
    method: "POST",
    path: "/api/admin/resources",
    access: { staff: ROLES.content },
    activity: recordsChange("resource", "created", { recordFrom: "answer" }),
    body: ResourceEditorSchema,
    async handler({ db, body }) {
      const data = await createResource(db, body);
      return Response.json({ success: true, message: "Resource Created", data }, { status: 201 });
    },
  }),
];
