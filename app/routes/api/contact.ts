import { data } from "react-router";
import { contactNotice, createContact } from "~/features/contacts/contacts.server";
import { CONTACT_REPLY_PROMISE, ContactMessageSchema, type ContactResponse } from "~/features/contacts/schema";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { notifyOwner } from "~/lib/mailer.server";
import type { Route } from "./+types/contact";

export const loader = methodNotAllowed;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, ContactMessageSchema);
  if (!body.ok) return body.response;
  const contact = await createContact(context.db, body.data);
  await notifyOwner(context.mailer, context.env, contactNotice(contact, context.env.SITE_URL));
  return data<ContactResponse>({ success: true, message: CONTACT_REPLY_PROMISE }, { status: 201 });
}
