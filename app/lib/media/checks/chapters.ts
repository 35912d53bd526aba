import "~/lib/zod-without-eval";
import { z } from "zod";

/**
 * Podcasting 2.0 JSON chapters (https://github.com/Podcastindex-org/podcast-namespace, chapters/jsonChapters.md),
 * served with the type application/json+chapters and linked from the feed's `podcast:chapters`.
 */

const httpUrl = z.url({ protocol: /^https?$/, error: "Enter a link starting with http:// or https://" });

const START_TIME_FORMAT = "Enter a start time such as 1:05 or 1:02:03";
const CLOCK = /^(?:(?:\d+:)?[0-5]?\d:[0-5]\d|\d+)(?:\.\d+)?$/;

/** "75", "1:15" or "1:01:15" (with optional decimals), or a number of seconds. */
const startTime = z.union([z.number(), z.string()], { error: START_TIME_FORMAT }).transform((value, ctx) => {
  const text = typeof value === "string" ? value.trim() : null;
  if (text !== null && !CLOCK.test(text)) {
    ctx.addIssue({ code: "custom", message: START_TIME_FORMAT });
    return z.NEVER;
  }
  const seconds = text === null ? value : text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) {
    const negative = typeof seconds === "number" && seconds < 0;
    ctx.addIssue({ code: "custom", message: negative ? "A start time cannot be negative" : START_TIME_FORMAT });
    return z.NEVER;
  }
  return seconds;
});

/** One chapter as the episode form gives it. */
const ChapterInputSchema = z.object({
  startTime,
  title: z
    .string()
    .trim()
    .min(1, { error: "Enter a chapter title" })
    .max(200, { error: "A chapter title has at most 200 characters" }),
  url: z.union([z.literal("").transform(() => undefined), httpUrl]).optional(),
});

export type ChapterInput = z.input<typeof ChapterInputSchema>;

export const ChapterListSchema = z
  .array(ChapterInputSchema)
  .max(500, { error: "An episode has at most 500 chapters" })
  .refine((chapters) => new Set(chapters.map((chapter) => chapter.startTime)).size === chapters.length, {
    error: "Two chapters cannot start at the same time",
  });

const ChapterSchema = z.looseObject({
  startTime: z.number().finite().min(0),
  title: z.string().optional(),
  img: httpUrl.optional(),
  url: httpUrl.optional(),
  toc: z.boolean().optional(),
  endTime: z.number().finite().min(0).optional(),
});

/** A chapters document: what an uploaded chapters file must be, and what buildChaptersDocument makes. */
export const ChaptersDocumentSchema = z.looseObject({
  version: z.string().regex(/^1\.\d+(\.\d+)?$/, { error: "version must be 1.x, such as 1.2.0" }),
  chapters: z
    .array(ChapterSchema)
    .min(1, { error: "chapters must list at least one chapter" })
    .refine(
      (chapters) =>
        chapters.every((chapter, index) => index === 0 || chapter.startTime > chapters[index - 1].startTime),
      {
        error: "chapters must be in order of their start times, each starting later than the one before",
      },
    ),
});

export type ChaptersDocument = z.infer<typeof ChaptersDocumentSchema>;

/** The chapters document for a list of chapters (start time, title, optional link), in order of their start times. */
export function buildChaptersDocument(chapters: ChapterInput[]): ChaptersDocument {
  const parsed = ChapterListSchema.parse(chapters);
  return {
    version: "1.2.0",
    chapters: [...parsed]
      .sort((a, b) => a.startTime - b.startTime)
      .map(({ startTime, title, url }) => (url ? { startTime, title, url } : { startTime, title })),
  };
}
