import { setGuestApplicationArchived } from "~/features/guests/review.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import { parseArchiveChange } from "~/lib/owner-list.server";
import type { Route } from "./+types/application-archive";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/**
 * PATCH /api/guests/applications/{id}/archive [{ archived }]: archives the application (no body, or true) or
 * restores it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "PATCH") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  const change = await parseArchiveChange(request);
  if (!change.ok) return change.response;
  const data = await setGuestApplicationArchived(db, id, change.data);
  if (!data) return notFound("Guest application not found");
  const message = data.archived ? "Application archived" : "Application restored";
  return { success: true, message, data };
}
