import { listGuestApplications } from "~/features/guests/review.server";
import type { GuestApplicationsResponse } from "~/features/guests/review-schema";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer, requireTierForApi } from "~/lib/auth.server";
import type { Route } from "./+types/applications";

/**
 * GET /api/guests/applications: the owner gets every application; a premium member only those made with their own
 * account's email address; anyone else 401 (not signed in) or 403.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { isOwner } = await getViewer(db, request);
  if (isOwner) {
    const data = await listGuestApplications(db);
    return { success: true, message: `${data.length} applications`, data } satisfies GuestApplicationsResponse;
  }
  const member = await requireTierForApi(db, request, "premium");
  const data = member.email ? await listGuestApplications(db, { applicantEmail: member.email }) : [];
  return { success: true, message: `${data.length} applications`, data } satisfies GuestApplicationsResponse;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  const { isOwner } = await getViewer(db, request);
  if (!isOwner) await requireTierForApi(db, request, "premium");
  return methodNotAllowed();
}
