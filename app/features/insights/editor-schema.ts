import "~/lib/zod-without-eval";
import { z } from "zod";
import { checkbox, httpLink, publishDateField, rowsInOrder, slugField, versionField } from "~/lib/editor-schema-fields";
import { ownerListQueryFields, ownerListSearchField } from "~/lib/owner-list";

/**
 * The owner's side of insights: the editor's and the list's schemas, shared by the forms and the API. Kept apart from
 * schema.ts so that the public pages, which read only its types and formatting, load no zod.
 */

const OWNER_INSIGHT_STATUSES = ["draft", "scheduled", "published", "unpublished"] as const;
export type OwnerInsightStatus = (typeof OWNER_INSIGHT_STATUSES)[number];

const TITLE_MAX_LENGTH = 200;
export const EXCERPT_MAX_LENGTH = 500;
export const SEO_DESCRIPTION_MAX_LENGTH = 300;
const BODY_MAX_LENGTH = 50_000;
const SOURCES_MAX = 20;
export const COVER_ALT_MAX_LENGTH = 300;

export const INSIGHT_CONFLICT_MESSAGE =
  "This post was changed in another tab or by another save since you opened it. Reload to see the latest version; your changes were not saved.";
export const INSIGHT_SLUG_TAKEN_MESSAGE =
  "Another post already uses this slug (or used it before): choose another one.";
export const INSIGHT_SLUG_FIXED_MESSAGE = "The slug cannot change once the post has been published.";
export const INSIGHT_FUTURE_DATE_MESSAGE = "Choose a publish date in the future to schedule the post.";
export const COVER_ALT_REQUIRED_MESSAGE = "Describe the cover image for readers who cannot see it (alt text).";
export const INSIGHT_NOT_FOUND_MESSAGE = "Insight not found";
const SLUG_FORMAT_MESSAGE = "A slug is lower-case letters, digits and hyphens, such as my-first-post";

const requiredText = (missing: string, label: string, max: number) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: `${label} has at most ${max.toLocaleString("en-US")} characters` });

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} has at most ${max.toLocaleString("en-US")} characters` })
    .default("");

/** A source or reference: the first is the article's source, the others its additional references. */
const SourceInputSchema = z.object({
  url: httpLink.refine((value) => value !== null, { error: "Enter the source's link" }),
  title: optionalText("A source's title", 300),
});

/**
 * The insight editor's fields (the form, POST /api/admin/insights and PUT /api/admin/insights/{id}). An empty slug
 * means "made from the title"; the status is what the owner asks for (publish now, schedule, unpublish, draft).
 */
export const InsightEditorSchema = z.object({
  title: requiredText("Enter a title", "A title", TITLE_MAX_LENGTH),
  slug: slugField(SLUG_FORMAT_MESSAGE),
  excerpt: requiredText("Enter an excerpt", "An excerpt", EXCERPT_MAX_LENGTH),
  bodyMarkdown: z
    .string({ error: "The body must be text" })
    .max(BODY_MAX_LENGTH, { error: "The body has at most 50,000 characters" })
    .default(""),
  category: requiredText("Enter a category", "A category", 60),
  authorName: requiredText("Enter the author's name", "An author's name", 120),
  coverAlt: optionalText("Alt text", COVER_ALT_MAX_LENGTH),
  seoDescription: optionalText("An SEO description", SEO_DESCRIPTION_MAX_LENGTH),
  sources: z.preprocess(
    rowsInOrder,
    z.array(SourceInputSchema).max(SOURCES_MAX, { error: `A post has at most ${SOURCES_MAX} sources` }),
  ),
  publishDate: publishDateField.default(null),
  /** No mail to the audience when the post becomes public. */
  skipMail: checkbox,
  status: z
    .enum(OWNER_INSIGHT_STATUSES, { error: "Choose draft, scheduled, published or unpublished" })
    .default("draft"),
});

export type InsightEditorData = z.output<typeof InsightEditorSchema>;

/** A save from the editor names the version it was opened at, so that a later save from an older tab is refused. */
export const InsightSaveSchema = InsightEditorSchema.extend({ version: versionField });
export type InsightSaveData = z.output<typeof InsightSaveSchema>;

/** POST /api/admin/insights/preview */
export const InsightPreviewSchema = z.object({
  markdown: z
    .string({ error: "markdown must be text" })
    .max(BODY_MAX_LENGTH, { error: "The body has at most 50,000 characters" }),
});

/** The cover upload's text field: the alt text travels with the image, so that no cover is ever without one. */
export const CoverAltSchema = requiredText(COVER_ALT_REQUIRED_MESSAGE, "Alt text", COVER_ALT_MAX_LENGTH);

/** GET /api/admin/insights: the owner-list query (newest first, search by title). */
export const InsightListQuerySchema = z.strictObject({
  page: ownerListQueryFields.page,
  ...ownerListSearchField,
  sort: z.enum(["newest", "oldest"], { error: 'sort must be "newest" or "oldest"' }).default("newest"),
});
export type InsightListQuery = z.output<typeof InsightListQuerySchema>;

/** One row of the owner's Insights list; `status` is the effective one (a scheduled post whose date came is published). */
export type OwnerInsightRow = {
  id: string;
  title: string;
  slug: string;
  category: string;
  status: OwnerInsightStatus;
  /** ISO 8601, or null for a draft never dated. */
  publishDate: string | null;
};

export type InsightCoverInfo = {
  url: string;
  alt: string;
  renditions: { url: string; width: number; height: number }[];
} | null;

/** GET /api/admin/insights/{id}: everything the editor shows. */
export type OwnerInsightDetail = {
  id: string;
  title: string;
  slug: string;
  /** True once the post has been public: the slug can no longer change. */
  slugFixed: boolean;
  excerpt: string;
  bodyMarkdown: string;
  category: string;
  authorName: string;
  coverAlt: string;
  cover: InsightCoverInfo;
  seoDescription: string;
  sources: { url: string; title: string }[];
  skipMail: boolean;
  status: OwnerInsightStatus;
  publishDate: string | null;
  version: number;
};
