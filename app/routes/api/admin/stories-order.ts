import { StoryOrderSchema } from "~/features/stories/editor-schema";
import { reorderStories, STORY_ORDER_MISMATCH } from "~/features/stories/stories.server";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/stories-order";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/** PUT /api/admin/stories/order `{ ids }`: every story's id, first to last; answers the stories in their new order. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "PUT") return methodNotAllowed();
  const body = await parseJsonBody(request, StoryOrderSchema);
  if (!body.ok) return body.response;
  const data = await reorderStories(db, body.data.ids);
  if (!data) return apiError(409, STORY_ORDER_MISMATCH);
  return { success: true, message: "Order Saved", data };
}
