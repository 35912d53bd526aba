import { toggleContactMessageArchived } from "~/features/contacts/inbox.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/archive";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** PATCH /api/contacts/{id}/archive: archives the message, or restores it when it is archived. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "PATCH") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  const data = await toggleContactMessageArchived(db, id);
  if (!data) return notFound("Contact message not found");
  const message = data.archived ? "Contact archived successfully" : "Contact unarchived successfully";
  return { success: true, message, data };
}
