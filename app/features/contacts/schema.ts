import "~/lib/zod-without-eval";
import { z } from "zod";
import type { FormFlash } from "~/lib/form-flash";
import { honeypotSchema } from "~/lib/honeypot-schema";
import { ownerListQueryFields } from "~/lib/owner-list";

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

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong });

/**
 * Spec section 5, "Contact message schema": POST /api/contact validates with it, and the contact form runs it
 * first, so a rule exists in one place. Fields are checked in the order name, email, subject, message.
 */
export const ContactMessageSchema = z.object({
  name: required("Name is required", CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .max(CONTACT_LIMITS.email, { error: "Please enter a valid email address" })
    .pipe(z.email({ error: "Please enter a valid email address" })),
  subject: z.enum(CONTACT_SUBJECTS, { error: "Subject is required" }),
  message: required(
    "Message is required",
    CONTACT_LIMITS.message,
    `Message must be at most ${CONTACT_LIMITS.message} characters`,
  ),
  ...honeypotSchema,
});

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

export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;

export type ContactResponse = { success: true; message: string };

export const CONTACT_REPLY_PROMISE = "We'll get back to you within 48 hours.";

/** The orders of the owner's inbox: newest first (the spec's) or oldest first. */
const CONTACT_LIST_SORTS = ["newest", "oldest"] as const;

/** GET /api/admin/contacts: page, archived or not, order. */
export const ContactListQuerySchema = z.strictObject({
  ...ownerListQueryFields,
  sort: z.enum(CONTACT_LIST_SORTS, { error: 'sort must be "newest" or "oldest"' }).default("newest"),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;
