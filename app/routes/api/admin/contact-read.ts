import { markContactMessageRead } from "~/features/contacts/inbox.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/contact-read";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerForApi(context.db, request);
  return methodNotAllowed();
}

/** POST /api/admin/contacts/{id}/read */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireOwnerForApi(context.db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  const data = await markContactMessageRead(context.db, id);
  if (!data) return notFound("Contact message not found");
  return { success: true, message: "Contact marked as read", data };
}
