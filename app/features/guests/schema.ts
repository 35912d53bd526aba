import "~/lib/zod-without-eval";
import { z } from "zod";
import { honeypotSchema } from "~/lib/honeypot-schema";
import { BIOGRAPHY_MIN_LENGTH, GUEST_APPLICATION_LIMITS, SOCIAL_LINK_NAMES } from "./guest-application-texts";

export * from "./guest-application-texts";

const INVALID_URLS_MESSAGE = "Please enter valid URLs";

const tooLong = (label: string, max: number) => ({ error: `${label} must be at most ${max} characters` });

const requiredText = (message: string, label: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, tooLong(label, max));

/** Optional text: blank means absent. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong(label, max))
    .optional()
    .nullable()
    .transform((value) => value || undefined);

const webUrl = z
  .string({ error: INVALID_URLS_MESSAGE })
  .trim()
  .max(GUEST_APPLICATION_LIMITS.url, { error: INVALID_URLS_MESSAGE })
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: INVALID_URLS_MESSAGE }));

/**
 * A map of network name to address. Empty inputs are dropped before checking, so a form with no links sends, and
 * stores, an empty map.
 */
const socialLinks = z.preprocess(
  (value) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).filter(([, url]) => !(typeof url === "string" && url.trim() === "")))
      : value,
  z.partialRecord(z.enum(SOCIAL_LINK_NAMES, { error: INVALID_URLS_MESSAGE }), webUrl, { error: INVALID_URLS_MESSAGE }),
);

/** Spec section 5, "Guest application form": the form and POST /api/guests/apply both parse with it. */
export const GuestApplicationSchema = z.object({
  name: requiredText("Name is required", "Name", GUEST_APPLICATION_LIMITS.name),
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .max(GUEST_APPLICATION_LIMITS.email, { error: "Please enter a valid email address" })
    .pipe(z.email({ error: "Please enter a valid email address" })),
  company: optionalText("Company", GUEST_APPLICATION_LIMITS.company),
  jobTitle: optionalText("Job title", GUEST_APPLICATION_LIMITS.jobTitle),
  expertise: requiredText("Area of expertise is required", "Area of expertise", GUEST_APPLICATION_LIMITS.expertise),
  topicIdea: requiredText("Topic idea is required", "Topic idea", GUEST_APPLICATION_LIMITS.topicIdea),
  biography: z
    .string({ error: `Biography should be at least ${BIOGRAPHY_MIN_LENGTH} characters` })
    .trim()
    .min(BIOGRAPHY_MIN_LENGTH, { error: `Biography should be at least ${BIOGRAPHY_MIN_LENGTH} characters` })
    .max(GUEST_APPLICATION_LIMITS.biography, tooLong("Biography", GUEST_APPLICATION_LIMITS.biography)),
  socialLinks: socialLinks.optional().transform((links) => links ?? {}),
  pastAppearances: optionalText("Past appearances", GUEST_APPLICATION_LIMITS.pastAppearances),
  notes: optionalText("Notes", GUEST_APPLICATION_LIMITS.notes),
  ...honeypotSchema,
});

export type GuestApplication = z.infer<typeof GuestApplicationSchema>;
