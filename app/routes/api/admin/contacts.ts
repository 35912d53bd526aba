import { listContactMessages } from "~/features/contacts/inbox.server";
import { ContactListQuerySchema } from "~/features/contacts/schema";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import { parseListQuery } from "~/lib/owner-list.server";
import type { Route } from "./+types/contacts";

/** GET /api/admin/contacts[?page=&archived=&sort=]: one page of contact messages with the counts. Owner only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const query = parseListQuery(request, ContactListQuerySchema);
  if (!query.ok) return query.response;
  return listContactMessages(db, query.data);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}
