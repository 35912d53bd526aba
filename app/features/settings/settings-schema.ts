import "~/lib/zod-without-eval";
import { z } from "zod";
import type { ShowArtwork, SiteSettings } from "~/lib/site-config";
import { WEEKDAYS } from "~/lib/site-config";

/**
 * The owner's Settings screen: one schema for the form and `PUT /api/admin/settings`. Owner-only: public pages read
 * the settings from the root loader and never load this module (nor zod).
 */

export const SETTINGS_CONFLICT_MESSAGE =
  "The settings were changed in another tab or by another save since you opened them. Reload to see the latest version; your changes were not saved.";
export const SETTINGS_SAVED_MESSAGE = "Settings Saved";
export const ARTWORK_UPLOADED_MESSAGE = "Artwork Uploaded";
export const ARTWORK_REMOVED_MESSAGE = "Artwork Removed";

export const FEED_MOVE_NEEDS_ADDRESS_MESSAGE = "Enter the new feed address before sending listeners' apps to it";
export const FEED_MOVE_TO_ITSELF_MESSAGE = "The new feed address must be another site's: this is the site's own feed";

export const SOCIAL_PLATFORMS = [
  "twitter",
  "youtube",
  "linkedin",
  "instagram",
  "bluesky",
  "tiktok",
  "facebook",
] as const;
export const PODCAST_TYPES = ["episodic", "serial"] as const;
const MAX_GRACE_DAYS = 60;
const MIN_RETENTION_DAYS = 30;
const MAX_RETENTION_DAYS = 3650;
const MAX_LINKS = 12;
const MAX_BIO_PARAGRAPHS = 10;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** Only http(s) addresses: a javascript: or data: link would run in the visitor's page. */
const webAddress = (label: string) =>
  z
    .string({ error: `${label} must be a web address` })
    .trim()
    .max(2000, { error: `${label} must be at most 2000 characters` })
    .pipe(z.url({ protocol: /^https?$/, error: `${label} must be a web address starting with http:// or https://` }));

const applicantMail = (label: string) =>
  z.object({ send: z.boolean({ error: `${label} is on or off` }), text: text(label, 4000) });

const timeOfDay = (label: string) =>
  z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${label} must be a time such as 09:00` });

const weekday = (label: string) => z.enum(WEEKDAYS, { error: `${label} must be a day of the week` });

const ListenPlatformSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "A platform id is lower-case letters, digits and hyphens" })
    .max(40, { error: "A platform id must be at most 40 characters" }),
  label: text("A platform's name", 60),
  url: webAddress("A platform's link"),
});

const listenPlatforms = (label: string) =>
  z.array(ListenPlatformSchema).max(MAX_LINKS, { error: `${label} holds at most ${MAX_LINKS} platforms` });

const SiteSettingsSchema = z.object({
  showName: text("The show's name", 120),
  hostName: text("The host's name", 120),
  hostBio: z
    .array(text("A bio paragraph", 2000))
    .min(1, { error: "The host bio needs at least one paragraph" })
    .max(MAX_BIO_PARAGRAPHS, { error: `The host bio holds at most ${MAX_BIO_PARAGRAPHS} paragraphs` }),
  tagline: text("The tagline", 200),
  linksTagline: text("The links page's tagline", 200),
  description: text("The description", 4000),
  launchNote: text("The launch note", 120),
  social: z
    .array(
      z.object({
        platform: z.enum(SOCIAL_PLATFORMS, { error: "Choose one of the listed social platforms" }),
        label: text("A profile's name", 60),
        url: webAddress("A social profile's link"),
      }),
    )
    .max(MAX_LINKS, { error: `At most ${MAX_LINKS} social profiles` }),
  listenOn: listenPlatforms("The footer's list"),
  linksPageListenOn: listenPlatforms("The links page's list"),
  newsletter: z.object({
    name: text("The newsletter's name", 120),
    url: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : value),
      z
        .string()
        .trim()
        .pipe(
          z.url({
            protocol: /^https$/,
            error: "The newsletter address must be a web address starting with https://",
          }),
        )
        .nullable(),
    ),
  }),
  schedule: z.object({
    frequency: text("The release frequency", 60),
    usualDay: weekday("The usual release day"),
    typicalMinutes: z
      .number({ error: "The typical length must be a whole number of minutes" })
      .int({ error: "The typical length must be a whole number of minutes" })
      .min(1, { error: "The typical length must be at least 1 minute" })
      .max(600, { error: "The typical length must be at most 600 minutes" }),
    contentRating: text("The content rating", 40),
  }),
  businessHours: z.object({
    firstDay: weekday("The first answering day"),
    lastDay: weekday("The last answering day"),
    opens: timeOfDay("The opening time"),
    closes: timeOfDay("The closing time"),
  }),
  podcastFeed: z.object({
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, { error: "The language must be a code such as en or en-GB" }),
    category: z.object({
      name: text("The category", 80),
      subcategory: z.string().trim().max(80, { error: "The subcategory must be at most 80 characters" }),
    }),
    explicit: z.boolean({ error: "Say whether the show is explicit" }),
    type: z.enum(PODCAST_TYPES, { error: "The show type is episodic or serial" }),
    owner: z.object({
      name: text("The feed owner's name", 120),
      email: z
        .string()
        .trim()
        .pipe(z.email({ error: "The feed owner's email must be a valid email address" })),
    }),
    copyright: text("The copyright line", 200),
  }),
  membership: z.object({
    paymentGraceDays: z
      .number({ error: "The grace period must be a whole number of days" })
      .int({ error: "The grace period must be a whole number of days" })
      .min(0, { error: "The grace period must be at least 0 days" })
      .max(MAX_GRACE_DAYS, { error: `The grace period must be at most ${MAX_GRACE_DAYS} days` }),
  }),
  activityLog: z.object({
    retentionDays: z
      .number({ error: "The activity log retention must be a whole number of days" })
      .int({ error: "The activity log retention must be a whole number of days" })
      .min(MIN_RETENTION_DAYS, { error: `The activity log retention must be at least ${MIN_RETENTION_DAYS} days` })
      .max(MAX_RETENTION_DAYS, { error: `The activity log retention must be at most ${MAX_RETENTION_DAYS} days` }),
  }),
  feedHome: z
    .object({
      locked: z.boolean({ error: "Say whether the feed is locked" }),
      newFeedUrl: z.preprocess(
        (value) => (typeof value === "string" && value.trim() === "" ? null : value),
        z
          .string()
          .trim()
          .max(2000, { error: "The new feed address must be at most 2000 characters" })
          .pipe(
            z.url({
              protocol: /^https?$/,
              error: "The new feed address must be a web address starting with http:// or https://",
            }),
          )
          .nullable(),
      ),
      redirect: z.boolean({ error: "Say whether the feed redirects to its new address" }),
    })
    .refine((feedHome) => !feedHome.redirect || feedHome.newFeedUrl !== null, {
      error: FEED_MOVE_NEEDS_ADDRESS_MESSAGE,
      path: ["newFeedUrl"],
    }),
  audienceMail: z.object({
    newEpisodes: z.boolean({ error: "Mail about new episodes is on or off" }),
    newInsights: z.boolean({ error: "Mail about new insights is on or off" }),
  }),
  postalAddress: z
    .string({ error: "The postal address must be text" })
    .trim()
    .max(300, { error: "The postal address must be at most 300 characters" }),
  launchListDoubleOptIn: z.boolean({ error: "Double opt-in is on or off" }),
  applicantMail: z.object({
    approved: applicantMail("The accepted applicant's mail"),
    scheduled: applicantMail("The scheduled applicant's mail"),
    rejected: applicantMail("The declined applicant's mail"),
  }),
}) satisfies z.ZodType<SiteSettings, unknown>;

/** The form's save: every setting and the version the form opened. */
export const SettingsSaveSchema = SiteSettingsSchema.extend({
  version: z.number({ error: "The version is missing" }).int().min(0),
});
export type SettingsSave = z.infer<typeof SettingsSaveSchema>;

/** What `GET /api/admin/settings` answers: the settings, the artwork in use and the version to save against. */
export type OwnerSettings = {
  settings: SiteSettings;
  artwork: ShowArtwork & { uploaded: boolean };
  version: number;
};

/** Details of the show read from another host's feed that the owner chose to keep (app/features/episodes' import). */
export type ShowDetailsFromFeed = Partial<{
  showName: string;
  hostName: string;
  description: string;
  language: string;
  category: { name: string; subcategory: string };
  explicit: boolean;
  type: "episodic" | "serial";
  owner: { name: string; email: string };
  copyright: string;
  artworkUrl: string;
}>;
