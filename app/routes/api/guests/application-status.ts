import { updateGuestApplicationStatus } from "~/features/guests/review.server";
import { GuestApplicationStatusUpdateSchema } from "~/features/guests/review-schema";
import { invalidId, methodNotAllowed, notFound, parseIdParam, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer, requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/application-status";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** PATCH /api/guests/applications/{id}/status {status}: the owner's alone. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "PATCH") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  const body = await parseJsonBody(request, GuestApplicationStatusUpdateSchema);
  if (!body.ok) return body.response;
  const { user } = await getViewer(db, request);
  const data = await updateGuestApplicationStatus(db, id, body.data.status, user?.id ?? null);
  if (!data) return notFound("Guest application not found");
  return { success: true, message: `Application status updated to ${data.status}`, data };
}
