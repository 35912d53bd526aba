import { listGuestApplications } from "~/features/guests/review.server";
import type { GuestApplicationsResponse } from "~/features/guests/review-schema";
import { methodNotAllowed } from "~/lib/api.server";
import { getViewer, requireTierForApi } from "~/lib/auth.server";
import type { Route } from "./+types/applications";

/**
 * GET /api/guests/applications: the owner gets every application; a premium member only those made with their own
 * account's email address; anyone else 401 (not signed in) or 403.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { isOwner } = await getViewer(context.db, request);
  if (isOwner) {
    const data = await listGuestApplications(context.db);
    return { success: true, message: `${data.length} applications`, data } satisfies GuestApplicationsResponse;
  }
  const member = await requireTierForApi(context.db, request, "premium");
  const data = member.email ? await listGuestApplications(context.db, { applicantEmail: member.email }) : [];
  return { success: true, message: `${data.length} applications`, data } satisfies GuestApplicationsResponse;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { isOwner } = await getViewer(context.db, request);
  if (!isOwner) await requireTierForApi(context.db, request, "premium");
  return methodNotAllowed();
}
