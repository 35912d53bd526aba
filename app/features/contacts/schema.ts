import "~/lib/zod-without-eval";
import { z } from "zod";
import { honeypotSchema } from "~/lib/honeypot-schema";
import { ownerListQueryFields } from "~/lib/owner-list";
import { CONTACT_LIMITS, CONTACT_SUBJECTS } from "./contact-texts";

export * from "./contact-texts";

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

export type ContactMessageInput = z.infer<typeof ContactMessageSchema>;

/** The orders of the owner's inbox: newest first (the spec's) or oldest first. */
const CONTACT_LIST_SORTS = ["newest", "oldest"] as const;

/** GET /api/admin/contacts: page, archived or not, order. */
export const ContactListQuerySchema = z.strictObject({
  ...ownerListQueryFields,
  sort: z.enum(CONTACT_LIST_SORTS, { error: 'sort must be "newest" or "oldest"' }).default("newest"),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

const REPLY_MAX_LENGTH = 10_000;

/** POST /api/admin/contacts/{id}/replies: the owner's answer to a message, mailed to its sender. */
export const ContactReplySchema = z.strictObject({
  message: z
    .string({ error: "Write a reply" })
    .trim()
    .min(1, { error: "Write a reply" })
    .max(REPLY_MAX_LENGTH, { error: `A reply has at most ${REPLY_MAX_LENGTH.toLocaleString("en-US")} characters` })
    .refine((value) => !value.includes("\u0000"), { error: "A reply must not contain NUL characters" }),
});
