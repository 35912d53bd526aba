import { data } from "react-router";
import { guestApplicationNotice, submitGuestApplication } from "~/features/guests/applications.server";
import {
  APPLICATION_RECEIVED_MESSAGE,
  type GuestApplicationResponse,
  GuestApplicationSchema,
} from "~/features/guests/schema";
import { methodNotAllowed, parseJsonBody, refuseFormFlood } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { isHoneypotFilled } from "~/lib/honeypot";
import { notifyOwner } from "~/lib/mailer.server";
import type { Route } from "./+types/guests-apply";

export const loader = methodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { db, env, mailer } = app;
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, GuestApplicationSchema);
  if (!body.ok) return body.response;
  const refused = await refuseFormFlood(app, "guest-application");
  if (refused) return refused;
  if (isHoneypotFilled(body.data)) {
    return data<GuestApplicationResponse>(
      { success: true, message: APPLICATION_RECEIVED_MESSAGE, data: { id: 0 } },
      { status: 201 },
    );
  }
  const application = await submitGuestApplication(db, body.data);
  await notifyOwner(mailer, env, guestApplicationNotice(application, env.SITE_URL));
  return data<GuestApplicationResponse>(
    { success: true, message: APPLICATION_RECEIVED_MESSAGE, data: { id: application.id } },
    { status: 201 },
  );
}
