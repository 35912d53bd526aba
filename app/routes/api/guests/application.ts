import { deleteGuestApplication } from "~/features/guests/review.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/application";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerForApi(context.db, request);
  return methodNotAllowed();
}

/** DELETE /api/guests/applications/{id} */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireOwnerForApi(context.db, request);
  if (request.method !== "DELETE") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  if (!(await deleteGuestApplication(context.db, id))) return notFound("Guest application not found");
  return { success: true, message: "Application deleted" };
}
