import "~/lib/zod-without-eval";
import { z } from "zod";
import { ownerListQueryFields, ownerListSearchField } from "~/lib/owner-list";

/** Why an address is suppressed: a bounce (a permanent failure) or a complaint (the reader marked a mail as spam). */
const SUPPRESSION_KINDS = ["bounce", "complaint"] as const;
export type SuppressionKind = (typeof SUPPRESSION_KINDS)[number];

/** The most events one `POST /api/mail/events` carries; a provider with more sends several requests. */
const MAIL_EVENTS_MAX = 1000;

/** The longest reason kept; a provider's diagnostic text beyond it says nothing the owner needs. */
const REASON_MAX_LENGTH = 500;

/** `POST /api/mail/events`: bounces and complaints a mail provider reports (docs/mail.md). */
export const MailEventsSchema = z.strictObject({
  events: z
    .array(
      z.strictObject({
        type: z.enum(SUPPRESSION_KINDS, { error: 'type must be "bounce" or "complaint"' }),
        email: z
          .email({ error: "email must be an email address" })
          .max(254, { error: "email must be an email address" })
          .transform((email) => email.toLowerCase()),
        reason: z
          .string({ error: "reason must be text" })
          .trim()
          .max(REASON_MAX_LENGTH, { error: `reason must be at most ${REASON_MAX_LENGTH} characters` })
          .refine((value) => !value.includes("\u0000"), { error: "reason must not contain NUL characters" })
          .optional(),
      }),
      { error: "events must be a list of events" },
    )
    .min(1, { error: "events must hold at least one event" })
    .max(MAIL_EVENTS_MAX, { error: `events must hold at most ${MAIL_EVENTS_MAX} events` }),
});
export type MailEvents = z.output<typeof MailEventsSchema>;

/** `GET /api/admin/mail/suppressions`: a page, newest first, optionally searched by address. */
export const SuppressionListQuerySchema = z.strictObject({
  page: ownerListQueryFields.page,
  ...ownerListSearchField,
});
export type SuppressionListQuery = z.output<typeof SuppressionListQuerySchema>;

/** One row of the owner's Suppressed Addresses list. */
export type SuppressionRow = { email: string; kind: SuppressionKind; reason: string; createdAt: string };

/** Who an announcement goes to: the launch list, every subscriber, every member, or the members of one tier. */
export const ANNOUNCEMENT_AUDIENCES = ["launch", "subscribers", "members", "tier"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const ANNOUNCEMENT_AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  launch: "Launch List",
  subscribers: "All Subscribers",
  members: "All Members",
  tier: "Members of a Tier",
};

export const ANNOUNCEMENT_TIERS = ["free", "basic", "premium"] as const;

const SUBJECT_MAX = 200;
const MESSAGE_MAX = 50_000;

const noNul = (value: string) => !value.includes("\u0000");

/** A form's empty field is no value; the API may send null or leave it out. */
const emptyIsNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/**
 * A new announcement, from the /admin/email form (posted with or without scripts) and `POST /api/admin/email`: the
 * same schema for both. `sendAt` null sends now; a time sends it then. A form's ticked checkbox posts "on".
 */
const announcementFields = {
  subject: z
    .string({ error: "Subject is required" })
    .trim()
    .min(1, { error: "Subject is required" })
    .max(SUBJECT_MAX, { error: `Subject must be at most ${SUBJECT_MAX} characters` })
    .refine(noNul, { error: "Subject must not contain NUL characters" }),
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, { error: "Message is required" })
    .max(MESSAGE_MAX, { error: `Message must be at most ${MESSAGE_MAX} characters` })
    .refine(noNul, { error: "Message must not contain NUL characters" }),
  recipients: z.enum(ANNOUNCEMENT_AUDIENCES, { error: "Choose who gets the mail" }),
  tier: z.preprocess(
    emptyIsNull,
    z.enum(ANNOUNCEMENT_TIERS, { error: "Choose a tier: free, basic or premium" }).nullable(),
  ),
  featured: z.preprocess(
    emptyIsNull,
    z
      .string({ error: "The featured item must be an episode or a post" })
      .regex(/^(episode:\d{1,9}|insight:[A-Za-z0-9_-]{1,100})$/, {
        error: "The featured item must be an episode or a post",
      })
      .nullable(),
  ),
  publish: z.preprocess(
    (value) => (value === "on" || value === "true" ? true : value === undefined ? false : value),
    z.boolean({ error: "Publish on the site is on or off" }),
  ),
  sendAt: z.preprocess(
    emptyIsNull,
    z.iso
      .datetime({ local: true, offset: true, error: "Send at must be a date and time" })
      .transform((value) => new Date(/(Z|[+-]\d\d:\d\d)$/.test(value) ? value : `${value}Z`))
      .nullable(),
  ),
};

export const AnnouncementSchema = z
  .strictObject(announcementFields)
  .refine((value) => value.recipients !== "tier" || value.tier !== null, {
    error: "Choose a tier: free, basic or premium",
    path: ["tier"],
  });
export type AnnouncementInput = z.output<typeof AnnouncementSchema>;

/** `POST /api/admin/email/preview` and `…/test`: what the mail would say (the test needs no recipients). */
export const AnnouncementDraftSchema = z.strictObject({
  subject: announcementFields.subject,
  message: announcementFields.message,
  featured: announcementFields.featured,
});
export type AnnouncementDraft = z.output<typeof AnnouncementDraftSchema>;

/** `GET /api/admin/email/recipients`: how many addresses a choice of recipients reaches now. */
export const RecipientsQuerySchema = z.strictObject({
  recipients: announcementFields.recipients,
  tier: announcementFields.tier,
});

/** One sent (or scheduled) announcement on the Email screen, with its queue's counts. */
export type AnnouncementRow = {
  id: number;
  subject: string;
  recipients: AnnouncementAudience;
  tier: string | null;
  sendAt: string | null;
  queuedAt: string | null;
  published: boolean;
  counts: { total: number; queued: number; sent: number; failed: number; suppressed: number; unsubscribed: number };
};
