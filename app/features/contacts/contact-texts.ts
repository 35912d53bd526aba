import type { FormFlash } from "~/lib/form-flash";

// The contact form's subjects, limits, texts and answers, apart from its schema (schema.ts): the form's page then
// loads the schema, and zod with it, only when the form is first sent in the page.

/** Spec section 9: the subjects the public form offers; the values are what is stored. */
export const CONTACT_SUBJECTS = ["pitch", "guest", "partnership", "other"] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  pitch: "Pitch a Story",
  guest: "Be a Guest",
  partnership: "Partnership",
  other: "Other",
};

/** The spec leaves stored lengths open; these fit any real message and keep one request small. */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

export type ContactField = "name" | "email" | "subject" | "message";

/** What the visitor typed, as it is put back into the form when the server refuses it. */
export type ContactFormValues = Record<ContactField, string>;

/** Spec section 5, "Public contact form": the toast for the first field that fails, checked in this order. */
export const CONTACT_FIELD_TOASTS: Record<ContactField, { title: string; description: string }> = {
  name: { title: "Name required", description: "Please enter your name." },
  email: { title: "Valid email required", description: "Please enter a valid email address." },
  subject: { title: "Subject required", description: "Please select a subject." },
  message: { title: "Message required", description: "Please enter your message." },
};

/** The server's answer to the form posted as a page: the toast to show, and on refusal what was typed. */
export type ContactFormResult =
  | { sent: true; flash: FormFlash }
  | { sent: false; flash: FormFlash; values: ContactFormValues; invalidField?: ContactField };

export const CONTACT_SENT_TITLE = "Message sent!";
export const CONTACT_FAILED_TITLE = "Failed to send message";

export type ContactResponse = { success: true; message: string };

export const CONTACT_REPLY_PROMISE = "We'll get back to you within 48 hours.";
