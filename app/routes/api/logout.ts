import { redirect } from "react-router";
import { apiCall } from "~/lib/api-calls.server";
import { endSession } from "~/lib/session.server";

export const calls = [
  /** Ends the session (member and owner alike) and goes home. */
  apiCall({
    method: "GET",
    path: "/api/logout",
    access: "public",
    handler: async ({ db, context, request }) =>
      redirect("/", { headers: { "Set-Cookie": await endSession(db, context.env, request) } }),
  }),
];
