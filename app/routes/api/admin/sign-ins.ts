import { RECENT_SIGN_INS_LISTED } from "~/features/owner/schema";
import { listOwnerSignIns } from "~/features/owner/sign-ins.server";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/sign-ins";

/** GET /api/admin/sign-ins: the owner's latest login attempts (time, address, browser, success), newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return { success: true, message: "Recent sign-ins", data: await listOwnerSignIns(db, RECENT_SIGN_INS_LISTED) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}
