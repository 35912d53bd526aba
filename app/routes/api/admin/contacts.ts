import { listContactMessages } from "~/features/contacts/inbox.server";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/contacts";

/** GET /api/admin/contacts: every contact message, archived ones included. Owner only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const data = await listContactMessages(db);
  return { success: true, message: `${data.length} contact messages`, data };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}
