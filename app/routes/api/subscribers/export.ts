import { SubscriberListQuerySchema } from "~/features/subscribers/schema";
import { subscriberCsvFileName } from "~/features/subscribers/subscriber-list";
import { subscriberCsvLines } from "~/features/subscribers/subscriber-list.server";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import { csvResponse, parseListQuery } from "~/lib/owner-list.server";
import type { Route } from "./+types/export";

/**
 * GET /api/subscribers/export[?q=&archived=&sort=]: every subscriber of that view as the spec's CSV file, streamed
 * from the database. Owner only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const query = parseListQuery(request, SubscriberListQuerySchema.omit({ page: true }));
  if (!query.ok) return query.response;
  return csvResponse(subscriberCsvFileName(new Date()), subscriberCsvLines(db, query.data));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}
