import { redirect } from "react-router";
import { appContext } from "~/lib/app-context.server";
import { endSession } from "~/lib/session.server";
import type { Route } from "./+types/logout";

/** Ends the session (member and owner alike) and goes home. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  return redirect("/", { headers: { "Set-Cookie": await endSession(db, env, request) } });
}
