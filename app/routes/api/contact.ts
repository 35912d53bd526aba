import { data } from "react-router";
import { receiveContactMessage } from "~/features/contacts/contact-form.server";
import { CONTACT_REPLY_PROMISE, ContactMessageSchema, type ContactResponse } from "~/features/contacts/schema";
import { methodNotAllowed, parseJsonBody, refuseFormFlood } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { Route } from "./+types/contact";

export const loader = methodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, ContactMessageSchema);
  if (!body.ok) return body.response;
  const refused = await refuseFormFlood(app, "contact");
  if (refused) return refused;
  await receiveContactMessage(app, body.data);
  return data<ContactResponse>({ success: true, message: CONTACT_REPLY_PROMISE }, { status: 201 });
}
