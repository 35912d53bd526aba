import "~/lib/zod-without-eval";
import { z } from "zod";

/**
 * The owner's side of host stories: the editor's and the order's schemas, shared by the form and the API. Kept apart
 * from schema.ts so that the About page loads no zod.
 */

const TITLE_MAX_LENGTH = 200;
const EXCERPT_MAX_LENGTH = 500;
const FULL_STORY_MAX_LENGTH = 20_000;
const STORIES_MAX = 200;

const requiredText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} must be at most ${max.toLocaleString("en-US")} characters` });

export const StoryEditorSchema = z.object({
  title: requiredText("Title", TITLE_MAX_LENGTH),
  excerpt: requiredText("Excerpt", EXCERPT_MAX_LENGTH),
  fullStory: requiredText("Full story", FULL_STORY_MAX_LENGTH),
});

const wholeNumber = (name: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
    z
      .number({ error: `${name} must be a whole number` })
      .int({ error: `${name} must be a whole number` })
      .min(1, { error: `${name} must be a whole number` })
      .max(2_147_483_647, { error: `${name} must be a whole number` }),
  );

/** A save names the version the editor opened, so that a later save from an older tab is refused. */
export const StorySaveSchema = StoryEditorSchema.extend({ version: wholeNumber("version") });

/** The new order: every story's id, once each, first to last. */
export const StoryOrderSchema = z.object({
  ids: z
    .array(wholeNumber("Every id"), { error: "ids must be a list of story ids" })
    .max(STORIES_MAX, { error: `At most ${STORIES_MAX} stories` })
    .refine((ids) => new Set(ids).size === ids.length, { error: "Each story may appear only once" }),
});

export type StoryEditorData = z.output<typeof StoryEditorSchema>;
export type StorySaveData = z.output<typeof StorySaveSchema>;

export const STORY_MEDIA_FIELDS = ["video", "poster"] as const;
export type StoryMediaField = (typeof STORY_MEDIA_FIELDS)[number];

/** A story as the owner's list and editor show it. */
export type OwnerStory = {
  id: number;
  position: number;
  title: string;
  excerpt: string;
  fullStory: string;
  version: number;
  /** Where the About page's video and poster come from now: an upload, the built-in file, or nothing. */
  videoUrl: string | null;
  posterUrl: string | null;
  videoUploaded: boolean;
  posterUploaded: boolean;
};
