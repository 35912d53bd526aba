import { data } from "react-router";
import { receiveGuestApplication } from "~/features/guests/application-form.server";
import {
  APPLICATION_RECEIVED_MESSAGE,
  type GuestApplicationResponse,
  GuestApplicationSchema,
} from "~/features/guests/schema";
import { methodNotAllowed, parseJsonBody, refuseFormFlood } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { Route } from "./+types/guests-apply";

export const loader = methodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, GuestApplicationSchema);
  if (!body.ok) return body.response;
  const refused = await refuseFormFlood(app, "guest-application");
  if (refused) return refused;
  const application = await receiveGuestApplication(app, body.data);
  return data<GuestApplicationResponse>(
    { success: true, message: APPLICATION_RECEIVED_MESSAGE, data: application },
    { status: 201 },
  );
}
