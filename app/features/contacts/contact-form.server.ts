import { data } from "react-router";
import { consumePublicFormLimit, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/api.server";
import type { AppContext } from "~/lib/app-context.server";
import type { FormFlash } from "~/lib/form-flash";
import { isHoneypotFilled } from "~/lib/honeypot";
import { notifyOwner } from "~/lib/mailer.server";
import { contactNotice, createContact } from "./contacts.server";
import {
  CONTACT_FAILED_TITLE,
  CONTACT_FIELD_TOASTS,
  CONTACT_REPLY_PROMISE,
  CONTACT_SENT_TITLE,
  type ContactField,
  type ContactFormResult,
  type ContactFormValues,
  type ContactMessageInput,
  ContactMessageSchema,
} from "./schema";

/** A message that passed the schema: stored and announced to the owner, unless the honeypot says a robot sent it. */
export async function receiveContactMessage({ db, env, mailer }: AppContext, input: ContactMessageInput) {
  if (isHoneypotFilled(input)) return;
  const contact = await createContact(db, input);
  await notifyOwner(mailer, env, contactNotice(contact, env.SITE_URL));
}

const typed = (fields: Record<string, unknown>): ContactFormValues => {
  const text = (name: ContactField) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  return { name: text("name"), email: text("email"), subject: text("subject"), message: text("message") };
};

/** The contact form without JavaScript: the API's checks in the API's order, answered with the form's toasts. */
export async function submitContactForm(app: AppContext, fields: Record<string, unknown>) {
  const checked = ContactMessageSchema.safeParse(fields);
  if (!checked.success) {
    const invalidField = checked.error.issues[0].path[0] as ContactField;
    const flash: FormFlash = { ...CONTACT_FIELD_TOASTS[invalidField], variant: "destructive" };
    return data<ContactFormResult>({ sent: false, flash, values: typed(fields), invalidField }, { status: 400 });
  }
  const limit = await consumePublicFormLimit(app, "contact");
  if (!limit.allowed) {
    const flash: FormFlash = {
      title: CONTACT_FAILED_TITLE,
      description: TOO_MANY_REQUESTS_MESSAGE,
      variant: "destructive",
    };
    return data<ContactFormResult>(
      { sent: false, flash, values: typed(fields) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  await receiveContactMessage(app, checked.data);
  return data<ContactFormResult>({
    sent: true,
    flash: { title: CONTACT_SENT_TITLE, description: CONTACT_REPLY_PROMISE },
  });
}
