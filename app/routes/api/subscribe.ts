import { receiveSubscription } from "~/features/subscribers/launch-list-form.server";
import { SUBSCRIBED_MESSAGE, type SubscribeResponse, SubscribeSchema } from "~/features/subscribers/schema";
import { methodNotAllowed, parseJsonBody, refuseFormFlood } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { Route } from "./+types/subscribe";

export const loader = methodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, SubscribeSchema);
  if (!body.ok) return body.response;
  const refused = await refuseFormFlood(app, "subscribe");
  if (refused) return refused;
  await receiveSubscription(app, body.data);
  return { success: true, message: SUBSCRIBED_MESSAGE } satisfies SubscribeResponse;
}
