import { deleteGuestApplication } from "~/features/guests/review.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/application";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** DELETE /api/guests/applications/{id} */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "DELETE") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  if (!(await deleteGuestApplication(db, id))) return notFound("Guest application not found");
  return { success: true, message: "Application deleted" };
}
