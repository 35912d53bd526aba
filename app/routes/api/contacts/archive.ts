import { setContactMessageArchived } from "~/features/contacts/inbox.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import { parseArchiveChange } from "~/lib/owner-list.server";
import type { Route } from "./+types/archive";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** PATCH /api/contacts/{id}/archive [{ archived }]: archives the message (no body, or true) or restores it. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "PATCH") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  const change = await parseArchiveChange(request);
  if (!change.ok) return change.response;
  const data = await setContactMessageArchived(db, id, change.data);
  if (!data) return notFound("Contact message not found");
  const message = data.archived ? "Contact archived successfully" : "Contact unarchived successfully";
  return { success: true, message, data };
}
