import { answerResourceFileUpload } from "~/features/premium/resources.server";
import { invalidId, methodNotAllowed, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/resource-file";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** PUT /api/admin/resources/{id}/file: the multipart field `file` (a PDF or ZIP) replaces the resource's file. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  await requireOwnerForApi(app.db, request);
  if (request.method !== "PUT") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  return answerResourceFileUpload(app, request, id);
}
