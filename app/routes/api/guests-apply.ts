import { data } from "react-router";
import { guestApplicationNotice, submitGuestApplication } from "~/features/guests/applications.server";
import {
  APPLICATION_RECEIVED_MESSAGE,
  type GuestApplicationResponse,
  GuestApplicationSchema,
} from "~/features/guests/schema";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { notifyOwner } from "~/lib/mailer.server";
import type { Route } from "./+types/guests-apply";

export const loader = methodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, GuestApplicationSchema);
  if (!body.ok) return body.response;
  const application = await submitGuestApplication(context.db, body.data);
  await notifyOwner(context.mailer, context.env, guestApplicationNotice(application, context.env.SITE_URL));
  return data<GuestApplicationResponse>(
    { success: true, message: APPLICATION_RECEIVED_MESSAGE, data: { id: application.id } },
    { status: 201 },
  );
}
