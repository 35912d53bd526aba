import { redirect } from "react-router";
import { endSession } from "~/lib/session.server";
import type { Route } from "./+types/logout";

/** Ends the session (member and owner alike) and goes home. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(context.db, context.env, request) } });
}
