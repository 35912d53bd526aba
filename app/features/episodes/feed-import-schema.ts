import "~/lib/zod-without-eval";
import { z } from "zod";

/** Importing a show from its feed: the owner's inputs, shared by the Settings screen's forms and the API. */

export const FeedImportStartSchema = z.object({
  feedUrl: z
    .string({ error: "Enter the feed's address" })
    .trim()
    .min(1, { error: "Enter the feed's address" })
    .max(2000, { error: "The feed's address must be at most 2000 characters" })
    .pipe(z.url({ protocol: /^https?$/, error: "The feed's address must start with http:// or https://" })),
});

/** The show's details an import can bring into Settings, each kept only if the owner ticks it. */
export const SHOW_DETAILS = [
  "showName",
  "hostName",
  "description",
  "language",
  "category",
  "explicit",
  "type",
  "owner",
  "copyright",
  "artwork",
] as const;
export type ShowDetail = (typeof SHOW_DETAILS)[number];

export const SHOW_DETAIL_LABELS: Record<ShowDetail, string> = {
  showName: "Show name",
  hostName: "Host name",
  description: "Description",
  language: "Language",
  category: "Category",
  explicit: "Explicit",
  type: "Show type",
  owner: "Feed owner",
  copyright: "Copyright",
  artwork: "Artwork",
};

export const ShowKeepSchema = z.object({
  keep: z.array(z.enum(SHOW_DETAILS, { error: "Choose among the show's details" })).max(SHOW_DETAILS.length),
});

/** The show as its feed describes it; a detail the feed lacks is null. */
export type ImportedShow = {
  showName: string | null;
  hostName: string | null;
  description: string | null;
  language: string | null;
  category: { name: string; subcategory: string } | null;
  explicit: boolean | null;
  type: "episodic" | "serial" | null;
  owner: { name: string; email: string } | null;
  copyright: string | null;
  artworkUrl: string | null;
};

export type FeedImportStatus = "running" | "done" | "failed";

/** What `GET /api/admin/imports/{id}` answers and the Settings screen shows. */
export type FeedImportProgress = {
  id: number;
  feedUrl: string;
  status: FeedImportStatus;
  message: string;
  episodes: { total: number; imported: number; failed: number };
  alreadyHere: number;
  show: ImportedShow;
  /** Whether the owner has chosen which of the show's details to keep. */
  showSettled: boolean;
  /** Failed episodes, and imported ones of which something could not be kept, with the reason. */
  problems: { guid: string; title: string; status: "imported" | "failed"; problem: string }[];
  createdAt: string;
};

export const IMPORT_STARTED_MESSAGE = "Import started";
export const SHOW_DETAILS_KEPT_MESSAGE = "Show details kept";

/** The details the owner ticked that the feed has, named as Settings names them (the artwork by its address). */
export function chosenShowDetails(show: ImportedShow, keep: readonly ShowDetail[]) {
  const chosen: { [Detail in keyof ImportedShow]?: NonNullable<ImportedShow[Detail]> } = {};
  for (const detail of keep) {
    if (detail === "artwork") {
      if (show.artworkUrl) chosen.artworkUrl = show.artworkUrl;
      continue;
    }
    const value = show[detail];
    if (value !== null) Object.assign(chosen, { [detail]: value });
  }
  return chosen;
}
