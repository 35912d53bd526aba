import { listGuestApplications } from "~/features/guests/review.server";
import { GuestApplicationListQuerySchema } from "~/features/guests/review-schema";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer, requireTierForApi } from "~/lib/auth.server";
import { parseListQuery } from "~/lib/owner-list.server";
import type { Route } from "./+types/applications";

/**
 * GET /api/guests/applications[?page=&archived=&status=&sort=]: one page of applications with the counts. The owner
 * gets every application; a premium member only those made with their own account's email address; anyone else 401
 * (not signed in) or 403.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { isOwner } = await getViewer(db, request);
  const member = isOwner ? null : await requireTierForApi(db, request, "premium");
  const query = parseListQuery(request, GuestApplicationListQuerySchema);
  if (!query.ok) return query.response;
  if (isOwner) return listGuestApplications(db, query.data);
  // A member without an address has made no application that could be theirs.
  return listGuestApplications(db, query.data, { applicantEmail: member?.email ?? "" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  const { isOwner } = await getViewer(db, request);
  if (!isOwner) await requireTierForApi(db, request, "premium");
  return methodNotAllowed();
}
