import { logOutOwner } from "~/features/owner/login.server";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { Route } from "./+types/logout";

export const loader = methodNotAllowed;

/** POST /api/admin/logout: drops the owner role (a member signed in on the same session stays signed in). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  if (request.method !== "POST") return methodNotAllowed();
  const setCookie = await logOutOwner(db, env, request);
  return Response.json({ success: true, message: "You are now logged out" }, { headers: { "Set-Cookie": setCookie } });
}
