import "~/lib/zod-without-eval";
import { z } from "zod";
import type { FormFlash } from "~/lib/form-flash";
import { honeypotSchema } from "~/lib/honeypot-schema";
import { ownerListQueryFields, ownerListSearchField } from "~/lib/owner-list";

export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";

/**
 * Spec section 5 "Email-format check": lower-cased, then a local part, an at sign, and either a bracketed IPv4
 * literal or a dotted domain whose last label has at least two letters.
 */
const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-z\-0-9]+\.)+[a-z]{2,}))$/;

/** RFC 5321 caps a forward path at 254 characters; a longer value cannot be a deliverable address. */
const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 100;

export const SubscriberEmailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: INVALID_EMAIL_MESSAGE })
  .regex(EMAIL_PATTERN, { error: INVALID_EMAIL_MESSAGE });

const optionalName = z
  .string({ error: "Names must be text" })
  .trim()
  .max(NAME_MAX_LENGTH, { error: `Names must be at most ${NAME_MAX_LENGTH} characters` })
  .optional()
  .transform((value) => value || undefined);

/** POST /api/subscribe: the launch list sends {email}; the member sign-up modal also sends first and last name. */
export const SubscribeSchema = z.object({
  email: SubscriberEmailSchema,
  firstName: optionalName,
  lastName: optionalName,
  ...honeypotSchema,
});

export type SubscribeInput = z.infer<typeof SubscribeSchema>;

export type SubscribeResponse = { success: boolean; message: string };

export const SUBSCRIBED_MESSAGE = "You'll be notified when the podcast launches!";

/** The server's answer to the launch list posted as a page: the toast, and on refusal the address typed. */
export type LaunchListFormResult =
  | { subscribed: true; flash: FormFlash }
  | { subscribed: false; flash: FormFlash; email: string };

export const FILL_ALL_FIELDS_MESSAGE = "Please fill in all fields.";

const requiredField = z.string({ error: FILL_ALL_FIELDS_MESSAGE }).trim().min(1, { error: FILL_ALL_FIELDS_MESSAGE });

const requiredName = requiredField.max(NAME_MAX_LENGTH, {
  error: `Names must be at most ${NAME_MAX_LENGTH} characters`,
});

/**
 * The member sign-up modal (spec section 5): every field non-blank after trimming ("Please fill in all fields.",
 * reported before anything else), then the subscribe payload's own email rule, so that the modal sends only what
 * POST /api/subscribe accepts.
 */
export const MemberSignUpSchema = z.object({
  firstName: requiredName,
  lastName: requiredName,
  email: requiredField.pipe(SubscriberEmailSchema),
});

export type MemberSignUpFields = { firstName: string; lastName: string; email: string };

/** The server's answer to the sign-up modal's form posted as a page: thanks, or the refusal and what was typed. */
export type MemberSignUpFormResult =
  | { signedUp: true }
  | { signedUp: false; message: string; values: MemberSignUpFields };

export const SIGN_UP_FAILED_MESSAGE = "Error signing up. Please try again.";

/** The orders of the owner's subscriber list: newest first (the spec's), oldest first, or by email. */
const SUBSCRIBER_SORTS = ["newest", "oldest", "email"] as const;
export type SubscriberSort = (typeof SUBSCRIBER_SORTS)[number];

/** GET /api/subscribers and its CSV export: page, search (email or first name), archived or not, order. */
export const SubscriberListQuerySchema = z.strictObject({
  ...ownerListQueryFields,
  ...ownerListSearchField,
  sort: z.enum(SUBSCRIBER_SORTS, { error: 'sort must be "newest", "oldest" or "email"' }).default("newest"),
});
export type SubscriberListQuery = z.infer<typeof SubscriberListQuerySchema>;
