import { SubscriberListQuerySchema } from "~/features/subscribers/schema";
import { listSubscribers } from "~/features/subscribers/subscriber-list.server";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import { parseListQuery } from "~/lib/owner-list.server";
import type { Route } from "./+types/list";

/** GET /api/subscribers[?page=&q=&archived=&sort=]: one page of subscribers with the counts. Owner only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const query = parseListQuery(request, SubscriberListQuerySchema);
  if (!query.ok) return query.response;
  return listSubscribers(db, query.data);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}
