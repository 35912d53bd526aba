import { data } from "react-router";
import { contactNotice, createContact } from "~/features/contacts/contacts.server";
import { CONTACT_REPLY_PROMISE, ContactMessageSchema, type ContactResponse } from "~/features/contacts/schema";
import { methodNotAllowed, parseJsonBody, refuseFormFlood } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { isHoneypotFilled } from "~/lib/honeypot";
import { notifyOwner } from "~/lib/mailer.server";
import type { Route } from "./+types/contact";

export const loader = methodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { db, env, mailer } = app;
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, ContactMessageSchema);
  if (!body.ok) return body.response;
  const refused = await refuseFormFlood(app, "contact");
  if (refused) return refused;
  if (!isHoneypotFilled(body.data)) {
    const contact = await createContact(db, body.data);
    await notifyOwner(mailer, env, contactNotice(contact, env.SITE_URL));
  }
  return data<ContactResponse>({ success: true, message: CONTACT_REPLY_PROMISE }, { status: 201 });
}
