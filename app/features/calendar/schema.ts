import "~/lib/zod-without-eval";
import { z } from "zod";

/** Spec section 4: a series is planning, active or completed; an episode moves freely between its five statuses. */
export const SERIES_STATUSES = ["planning", "active", "completed"] as const;
export const EPISODE_STATUSES = ["planning", "scheduled", "recorded", "editing", "published"] as const;

export type SeriesStatus = (typeof SERIES_STATUSES)[number];
export type EpisodeStatus = (typeof EPISODE_STATUSES)[number];

export const TITLE_TOO_SHORT_MESSAGE = "Title must be at least 3 characters";
export const DESCRIPTION_TOO_SHORT_MESSAGE = "Description must be at least 10 characters";
export const EPISODE_NUMBER_MESSAGE = "Episode number must be positive";
export const EPISODE_NUMBER_WHOLE_MESSAGE = "Episode number must be a whole number";
export const INVALID_STATUS_MESSAGE = "Please choose a valid status";
export const INVALID_DATE_MESSAGE = "Please choose a valid date";
export const LINKED_EPISODE_MESSAGE = "Please choose a podcast episode";
export const EPISODE_ALREADY_LINKED_MESSAGE = "That podcast episode is already linked to another calendar entry";

const TITLE_MAX_LENGTH = 200;
const DESCRIPTION_MAX_LENGTH = 5000;

const title = z
  .string({ error: TITLE_TOO_SHORT_MESSAGE })
  .trim()
  .min(3, { error: TITLE_TOO_SHORT_MESSAGE })
  .max(TITLE_MAX_LENGTH, { error: `Title must be at most ${TITLE_MAX_LENGTH} characters` });

const description = z
  .string({ error: DESCRIPTION_TOO_SHORT_MESSAGE })
  .trim()
  .min(10, { error: DESCRIPTION_TOO_SHORT_MESSAGE })
  .max(DESCRIPTION_MAX_LENGTH, { error: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters` });

/** POST /api/admin/content-series */
export const ContentSeriesSchema = z.object({
  title,
  description,
  status: z.enum(SERIES_STATUSES, { error: INVALID_STATUS_MESSAGE }).default("planning"),
});

export type ContentSeriesData = z.output<typeof ContentSeriesSchema>;

/** A calendar day as an ISO string (a date or a date-time); null clears it. */
const ISO_DAY_OR_MOMENT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** PostgreSQL has no year 0 and the ISO string of a year past 9999 is not one it reads: both would fail as a 500. */
function isStorableMoment(value: string) {
  const year = new Date(value).getUTCFullYear();
  return year >= 1 && year <= 9999;
}

const scheduledDate = z
  .string({ error: INVALID_DATE_MESSAGE })
  .regex(ISO_DAY_OR_MOMENT, { error: INVALID_DATE_MESSAGE })
  .refine(isStorableMoment, { error: INVALID_DATE_MESSAGE })
  .nullable()
  .optional()
  .transform((value) => (value ? new Date(value) : null));

/** The fields of the Add and Edit Episode forms (PATCH /api/admin/content-episodes/{id}). */
export const ContentEpisodeSchema = z.object({
  title,
  description,
  episodeNumber: z.coerce
    .number({ error: EPISODE_NUMBER_MESSAGE })
    .int({ error: EPISODE_NUMBER_WHOLE_MESSAGE })
    .positive({ error: EPISODE_NUMBER_MESSAGE })
    .max(100_000, { error: "Episode number is too large" })
    .default(1),
  status: z.enum(EPISODE_STATUSES, { error: INVALID_STATUS_MESSAGE }).default("planning"),
  scheduledDate,
  /** The podcast episode this entry plans; null unlinks it, and leaving it out keeps the link as it is. */
  podcastEpisodeId: z
    .number({ error: LINKED_EPISODE_MESSAGE })
    .int({ error: LINKED_EPISODE_MESSAGE })
    .positive({ error: LINKED_EPISODE_MESSAGE })
    .max(2_147_483_647, { error: LINKED_EPISODE_MESSAGE })
    .nullable()
    .optional(),
});

/** POST /api/admin/content-episodes: the form's fields and the series the episode belongs to. */
export const NewContentEpisodeSchema = ContentEpisodeSchema.extend({
  seriesId: z.coerce
    .number({ error: "Please choose a series" })
    .int({ error: "Please choose a series" })
    .positive({ error: "Please choose a series" })
    .max(2_147_483_647, { error: "Please choose a series" }),
});

export type ContentEpisodeData = z.output<typeof ContentEpisodeSchema>;
export type NewContentEpisodeData = z.output<typeof NewContentEpisodeSchema>;

export type ContentSeriesView = {
  id: number;
  title: string;
  description: string;
  slug: string;
  status: SeriesStatus;
  active: boolean;
  /** ISO 8601 */
  createdAt: string;
};

export type ContentEpisodeView = {
  id: number;
  seriesId: number;
  title: string;
  description: string;
  episodeNumber: number;
  seasonNumber: number;
  status: EpisodeStatus;
  guestName: string | null;
  /** ISO 8601; the calendar day is its UTC date */
  scheduledDate: string | null;
  /** The linked podcast episode; `public` once listeners can find it (the entry then shows Published). */
  podcastEpisode: { id: number; title: string; slug: string; public: boolean } | null;
  /** ISO 8601 */
  createdAt: string;
};

/** A podcast episode the calendar offers to link an entry to. */
export type LinkableEpisode = { id: number; title: string };

const SERIES_DESCRIPTION_PREVIEW_LENGTH = 60;

/** Spec section 9: the series table shows the first 60 characters of a description. */
export function previewSeriesDescription(text: string): string {
  return text.length > SERIES_DESCRIPTION_PREVIEW_LENGTH
    ? `${text.slice(0, SERIES_DESCRIPTION_PREVIEW_LENGTH)}...`
    : text;
}

/** A URL-safe slug from a title: lower case ASCII letters and digits joined by single hyphens. */
export function slugFromTitle(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || "series";
}
