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
