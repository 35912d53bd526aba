import { listSubscribers } from "~/features/subscribers/subscriber-list.server";
import { methodNotAllowed } from "~/lib/api.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/list";

/** GET /api/subscribers: every subscriber, archived ones included. Owner only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerForApi(context.db, request);
  const data = await listSubscribers(context.db);
  return { success: true, message: `${data.length} subscribers`, data };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireOwnerForApi(context.db, request);
  return methodNotAllowed();
}
