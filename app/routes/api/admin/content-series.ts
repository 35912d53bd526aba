import { createContentSeries, listContentSeries } from "~/features/calendar/calendar.server";
import { ContentSeriesSchema } from "~/features/calendar/schema";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/content-series";

/** GET /api/admin/content-series */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerForApi(context.db, request);
  return { success: true, data: await listContentSeries(context.db) };
}

/** POST /api/admin/content-series {title, description, status} */
export async function action({ request, context }: Route.ActionArgs) {
  await requireOwnerForApi(context.db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, ContentSeriesSchema);
  if (!body.ok) return body.response;
  const data = await createContentSeries(context.db, body.data);
  return Response.json({ success: true, message: "Series Created", data }, { status: 201 });
}
