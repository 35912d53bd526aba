import "~/lib/zod-without-eval";
import { z } from "zod";

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const day = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => DATE_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      error: `${name} must be a date such as 2026-01-31`,
    })
    .optional();

/** GET /api/admin/analytics/downloads: `?episode=&from=&to=`, each optional; the dates are UTC days, both included. */
export const DownloadsQuerySchema = z
  .strictObject({
    episode: z.coerce
      .number({ error: "episode must be an episode id" })
      .int({ error: "episode must be an episode id" })
      .min(1, { error: "episode must be an episode id" })
      .max(2_147_483_647, { error: "episode must be an episode id" })
      .optional(),
    from: day("from"),
    to: day("to"),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: "from must not be after to",
    path: ["from"],
  });
export type DownloadsQuery = z.infer<typeof DownloadsQuerySchema>;

/** The analytics screen's ranges: the last 7, 30 or 90 days, or everything counted. */
export const ANALYTICS_RANGES = ["7", "30", "90", "all"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** How many of the latest episodes the launch table lists unless all are asked for (`episodes=all`). */
export const LATEST_LAUNCHES = 20;

export const AnalyticsPageQuerySchema = z.object({
  range: z.enum(ANALYTICS_RANGES).catch("30"),
  episodes: z.enum(["latest", "all"]).catch("latest"),
});

export type DownloadsSummary = {
  total: number;
  byDay: { date: string; downloads: number }[];
  byApp: { app: string; downloads: number }[];
  byEpisode: { id: number; title: string; downloads: number }[];
};

export type Breakdown = { name: string; downloads: number }[];

export type AnalyticsReport = {
  /** The range's total and apps; the screen draws its days from `days` and lists episodes by their launch. */
  summary: Pick<DownloadsSummary, "total" | "byApp">;
  /** Every day of the range with its downloads, none missing, for the chart. */
  days: { date: string; downloads: number }[];
  byPlatform: Breakdown;
  byDevice: Breakdown;
  /** Empty when no GEOIP_DB is set (nothing was counted by country). */
  byCountry: Breakdown;
  /** Feed subscribers as feed readers report them in their user agents (not every reader does). */
  feedSubscribers: number;
  /** Each episode's downloads in its first 7 and 30 days from its publish date, and the show's medians. */
  launches: {
    /** The latest first; as many as were asked for. */
    episodes: { id: number; title: string; publishDay: string; first7: number; first30: number }[];
    /** How many episodes are published: the medians are theirs. */
    published: number;
    median7: number;
    median30: number;
  };
};
