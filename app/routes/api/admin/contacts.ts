import { listContactMessages } from "~/features/contacts/inbox.server";
import { methodNotAllowed } from "~/lib/api.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/contacts";

/** GET /api/admin/contacts: every contact message, archived ones included. Owner only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerForApi(context.db, request);
  const data = await listContactMessages(context.db);
  return { success: true, message: `${data.length} contact messages`, data };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireOwnerForApi(context.db, request);
  return methodNotAllowed();
}
