import { listSubscribers } from "~/features/subscribers/subscriber-list.server";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/list";

/** GET /api/subscribers: every subscriber, archived ones included. Owner only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const data = await listSubscribers(db);
  return { success: true, message: `${data.length} subscribers`, data };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}
