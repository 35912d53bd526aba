import { createContentSeries, listContentSeries } from "~/features/calendar/calendar.server";
import { ContentSeriesSchema } from "~/features/calendar/schema";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/content-series";

/** GET /api/admin/content-series */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return { success: true, data: await listContentSeries(db) };
}

/** POST /api/admin/content-series {title, description, status} */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, ContentSeriesSchema);
  if (!body.ok) return body.response;
  const data = await createContentSeries(db, body.data);
  return Response.json({ success: true, message: "Series Created", data }, { status: 201 });
}
