import { apiError, methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer, NOT_SIGNED_IN_MESSAGE } from "~/lib/auth.server";
import type { Route } from "./+types/user";

/** The signed-in member: id, email, firstName, lastName, profileImageUrl, membershipTier; 401 for anyone else. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { user } = await getViewer(db, request);
  if (!user) return apiError(401, NOT_SIGNED_IN_MESSAGE);
  return Response.json(user, { headers: { "Cache-Control": "no-store" } });
}

export const action = methodNotAllowed;
