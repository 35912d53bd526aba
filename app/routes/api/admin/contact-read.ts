import { markContactMessageRead } from "~/features/contacts/inbox.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/contact-read";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** POST /api/admin/contacts/{id}/read */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  const data = await markContactMessageRead(db, id);
  if (!data) return notFound("Contact message not found");
  return { success: true, message: "Contact marked as read", data };
}
