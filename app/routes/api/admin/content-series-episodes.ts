import { findContentSeries, listSeriesEpisodes } from "~/features/calendar/calendar.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/content-series-episodes";

/** GET /api/admin/content-series/{id}/episodes */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  if (!(await findContentSeries(db, id))) return notFound("Content series not found");
  return { success: true, data: await listSeriesEpisodes(db, id, new Date()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}
