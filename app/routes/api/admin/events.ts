import { EventEditorSchema } from "~/features/premium/editor-schema";
import { createEvent, listOwnerEvents } from "~/features/premium/events.server";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/events";

/** GET /api/admin/events: every members' event, newest first (a show holds a few a month, so no pages). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return { success: true, message: "Events", data: await listOwnerEvents(db) };
}

/** POST /api/admin/events: a new event from the form's fields. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, EventEditorSchema);
  if (!body.ok) return body.response;
  const data = await createEvent(db, body.data);
  return Response.json({ success: true, message: "Event Created", data }, { status: 201 });
}
