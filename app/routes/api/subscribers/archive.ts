import { toggleSubscriberArchived } from "~/features/subscribers/subscriber-list.server";
import { invalidId, methodNotAllowed, notFound, parseIdParam } from "~/lib/api.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/archive";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwnerForApi(context.db, request);
  return methodNotAllowed();
}

/** PATCH /api/subscribers/{id}/archive: archives the subscriber, or restores them when archived. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireOwnerForApi(context.db, request);
  if (request.method !== "PATCH") return methodNotAllowed();
  const id = parseIdParam(params.id);
  if (id === null) return invalidId();
  const data = await toggleSubscriberArchived(context.db, id);
  if (!data) return notFound("Subscriber not found");
  const message = data.archived ? "Subscriber archived" : "Subscriber restored";
  return { success: true, message, data };
}
