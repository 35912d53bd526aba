import { logOutOwner } from "~/features/owner/login.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /** Drops the owner role (a member signed in on the same session stays signed in). */
  apiCall({
    method: "POST",
    path: "/api/admin/logout",
    access: "public",
    async handler({ db, context, request }) {
      const setCookie = await logOutOwner(db, context.env, request);
      return Response.json(
        { success: true, message: "You are now logged out" },
        { headers: { "Set-Cookie": setCookie } },
      );
    },
  }),
];
