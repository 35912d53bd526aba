import { ResourceEditorSchema } from "~/features/premium/editor-schema";
import { createResource, listOwnerResources } from "~/features/premium/resources.server";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/resources";

/** GET /api/admin/resources: every members' resource, in the order they were added. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return { success: true, message: "Resources", data: await listOwnerResources(db) };
}

/** POST /api/admin/resources: a new resource from the form's fields; its file is uploaded next. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, ResourceEditorSchema);
  if (!body.ok) return body.response;
  const data = await createResource(db, body.data);
  return Response.json({ success: true, message: "Resource Created", data }, { status: 201 });
}
