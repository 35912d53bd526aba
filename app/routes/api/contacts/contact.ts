import { deleteContactMessage } from "~/features/contacts/inbox.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/contact";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** DELETE /api/contacts/{id} */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "DELETE") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  if (!(await deleteContactMessage(db, id))) return notFound("Contact message not found");
  return { success: true, message: "Contact deleted permanently" };
}
