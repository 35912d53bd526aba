import { toggleContactMessageArchived } from "~/features/contacts/inbox.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/archive";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerForApi(context.db, request);
  return methodNotAllowed();
}

/** PATCH /api/contacts/{id}/archive: archives the message, or restores it when it is archived. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireOwnerForApi(context.db, request);
  if (request.method !== "PATCH") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  const data = await toggleContactMessageArchived(context.db, id);
  if (!data) return notFound("Contact message not found");
  const message = data.archived ? "Contact archived successfully" : "Contact unarchived successfully";
  return { success: true, message, data };
}
