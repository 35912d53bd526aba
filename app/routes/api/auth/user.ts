import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { getViewer, NOT_SIGNED_IN_MESSAGE } from "~/lib/auth.server";

export const calls = [
  /**
   * The signed-in member: id, email, firstName, lastName, profileImageUrl, membershipTier; 401 for anyone else. Public
   * so that another method answers 405 to anyone, as it always has.
   */
  apiCall({
    method: "GET",
    path: "/api/auth/user",
    access: "public",
    async handler({ db, request }) {
      const { user } = await getViewer(db, request);
      if (!user) return apiError(401, NOT_SIGNED_IN_MESSAGE);
      return Response.json(user, { headers: { "Cache-Control": "no-store" } });
    },
  }),
];
