import "~/lib/zod-without-eval";
import { z } from "zod";
import {
  blankToNull,
  checkbox,
  dateTimeField,
  httpLink,
  publishDateField,
  rowsInOrder,
  slugField,
  slugFromTitle as slugOfTitle,
  versionField,
} from "~/lib/editor-schema-fields";
import { ChapterListSchema } from "~/lib/media/checks/chapters";
import { ownerListQueryFields, ownerListSearchField } from "~/lib/owner-list";

/**
 * The owner's side of episodes: the editor's and the list's schemas, shared by the forms and the API. Kept apart from
 * schema.ts so that the public pages, which read only its types and formatting, load no zod.
 */

const OWNER_EPISODE_STATUSES = ["draft", "scheduled", "published", "unpublished"] as const;
export type OwnerEpisodeStatus = (typeof OWNER_EPISODE_STATUSES)[number];
export const EPISODE_TYPES = ["full", "trailer", "bonus"] as const;

export const SUMMARY_MAX_LENGTH = 4000;
const TITLE_MAX_LENGTH = 200;
const SHOW_NOTES_MAX_LENGTH = 50_000;
const GUESTS_MAX = 20;

export const EPISODE_CONFLICT_MESSAGE =
  "This episode was changed in another tab or by another save since you opened it. Reload to see the latest version; your changes were not saved.";
export const SLUG_TAKEN_MESSAGE = "Another episode already uses this slug (or used it before): choose another one.";
export const SLUG_FIXED_MESSAGE = "The slug cannot change once the episode has been published.";
export const AUDIO_REQUIRED_MESSAGE = "Upload the episode's audio before publishing or scheduling it.";
export const FUTURE_DATE_REQUIRED_MESSAGE = "Choose a publish date in the future to schedule the episode.";
export const EARLY_ACCESS_BEFORE_PUBLISH_MESSAGE =
  "Choose an early-access date before the publish date, or leave it empty.";
export const GUEST_APPLICATION_MESSAGE = "Choose a guest from an approved or scheduled guest application.";
const SLUG_FORMAT_MESSAGE = "A slug is lower-case letters, digits and hyphens, such as my-first-episode";

/** The episode page's address made from its title ("episode" when the title has no letters or digits). */
export const slugFromTitle = (title: string) => slugOfTitle(title, "episode");

const wholeNumber = (label: string, max: number) =>
  z.preprocess(
    (value) => {
      const given = blankToNull(value);
      return typeof given === "string" && /^\s*\d+\s*$/.test(given) ? Number(given) : given;
    },
    z
      .number({ error: `${label} must be a whole number` })
      .int({ error: `${label} must be a whole number` })
      .min(1, { error: `${label} must be at least 1` })
      .max(max, { error: `${label} must be at most ${max}` })
      .nullable(),
  );

const GuestInputSchema = z.object({
  name: z
    .string({ error: "Enter the guest's name" })
    .trim()
    .min(1, { error: "Enter the guest's name" })
    .max(200, { error: "A guest's name has at most 200 characters" }),
  role: z
    .string()
    .trim()
    .max(200, { error: "A guest's role has at most 200 characters" })
    .nullish()
    .transform((value) => value || null),
  link: httpLink.nullish().transform((value) => value ?? null),
  guestApplicationId: wholeNumber("A guest application", 2_147_483_647)
    .optional()
    .transform((value) => value ?? null),
});

/**
 * The episode editor's fields (the form, POST /api/admin/episodes and PUT /api/admin/episodes/{id}). An empty slug
 * means "made from the title"; the status is what the owner asks for (publish now, schedule, unpublish, draft).
 */
export const EpisodeEditorSchema = z.object({
  title: z
    .string({ error: "Enter a title" })
    .trim()
    .min(1, { error: "Enter a title" })
    .max(TITLE_MAX_LENGTH, { error: `A title has at most ${TITLE_MAX_LENGTH} characters` }),
  slug: slugField(SLUG_FORMAT_MESSAGE),
  summary: z
    .string({ error: "Enter a summary" })
    .trim()
    .max(SUMMARY_MAX_LENGTH, { error: "A summary has at most 4,000 characters" })
    .default(""),
  showNotesMarkdown: z
    .string({ error: "Show notes must be text" })
    .max(SHOW_NOTES_MAX_LENGTH, { error: "Show notes have at most 50,000 characters" })
    .default(""),
  seasonNumber: wholeNumber("Season", 10_000).default(null),
  episodeNumber: wholeNumber("Episode number", 100_000).default(null),
  episodeType: z.enum(EPISODE_TYPES, { error: "Choose full, trailer or bonus" }).default("full"),
  explicit: checkbox,
  premium: checkbox,
  /** No mail to the audience when the episode becomes public. */
  skipMail: checkbox,
  publishDate: publishDateField.default(null),
  /** Basic and Premium members hear the episode from this time, before its publish date; empty for none. */
  earlyAccessAt: dateTimeField("Please choose a valid early-access date").default(null),
  status: z
    .enum(OWNER_EPISODE_STATUSES, { error: "Choose draft, scheduled, published or unpublished" })
    .default("draft"),
  chapters: z.preprocess(rowsInOrder, ChapterListSchema),
  guests: z.preprocess(
    rowsInOrder,
    z.array(GuestInputSchema).max(GUESTS_MAX, { error: `An episode has at most ${GUESTS_MAX} guests` }),
  ),
});

export type EpisodeEditorData = z.output<typeof EpisodeEditorSchema>;

/** A save from the editor names the version it was opened at, so that a later save from an older tab is refused. */
export const EpisodeSaveSchema = EpisodeEditorSchema.extend({
  version: versionField,
});

export type EpisodeSaveData = z.output<typeof EpisodeSaveSchema>;

/** POST /api/admin/episodes/notes-preview */
export const ShowNotesPreviewSchema = z.object({
  markdown: z
    .string({ error: "markdown must be text" })
    .max(SHOW_NOTES_MAX_LENGTH, { error: "Show notes have at most 50,000 characters" }),
});

/** GET /api/admin/episodes: the owner-list query (newest first, search by title). */
export const EpisodeListQuerySchema = z.strictObject({
  page: ownerListQueryFields.page,
  ...ownerListSearchField,
  sort: z.enum(["newest", "oldest"], { error: 'sort must be "newest" or "oldest"' }).default("newest"),
});

export type EpisodeListQuery = z.output<typeof EpisodeListQuerySchema>;

/** One row of the owner's Episodes list; `status` is the effective one (a scheduled episode whose date came is published). */
export type OwnerEpisodeRow = {
  id: number;
  title: string;
  slug: string;
  status: OwnerEpisodeStatus;
  premium: boolean;
  /** ISO 8601, or null for a draft never dated. */
  publishDate: string | null;
  durationSeconds: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeType: (typeof EPISODE_TYPES)[number];
};

export type EpisodeMediaInfo = {
  audio: { bytes: number | null; durationSeconds: number | null; mimeType: string; url: string } | null;
  artwork: { url: string; renditions: { url: string; width: number; height: number }[] } | null;
  transcript: { mimeType: string | null; url: string } | null;
};

type EpisodeGuestView = {
  name: string;
  role: string | null;
  link: string | null;
  guestApplicationId: number | null;
};

/** GET /api/admin/episodes/{id}: everything the editor shows. */
export type OwnerEpisodeDetail = EpisodeMediaInfo & {
  id: number;
  title: string;
  slug: string;
  /** True once the episode has been public: the slug can no longer change. */
  slugFixed: boolean;
  summary: string;
  showNotesMarkdown: string;
  showNotesHtml: string;
  status: OwnerEpisodeStatus;
  publishDate: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeType: (typeof EPISODE_TYPES)[number];
  explicit: boolean;
  premium: boolean;
  skipMail: boolean;
  /** ISO 8601, or null without early access. */
  earlyAccessAt: string | null;
  chapters: { startSeconds: number; title: string; url: string | null }[];
  guests: EpisodeGuestView[];
  version: number;
};

/** A guest application the editor offers as a guest: approved or scheduled. */
export type GuestChoice = { id: number; name: string; jobTitle: string | null; company: string | null };
