import "~/lib/zod-without-eval";
import { z } from "zod";

/** Rows an owner list answers at a time: enough to fill a screen, small enough that a long list costs nothing. */
export const OWNER_LIST_PAGE_SIZE = 50;

/** The longest search an owner list takes; a longer one cannot be a useful substring of an email or a name. */
const OWNER_LIST_SEARCH_MAX_LENGTH = 200;

/** The largest page number an owner list accepts: far past any real list, and well inside an OFFSET's range. */
const OWNER_LIST_MAX_PAGE = 100_000;

/** How a list treats archived rows: hidden (the default view) or shown with the others (Show Archived). */
const ArchivedFilterSchema = z.enum(["exclude", "include"], {
  error: 'archived must be "exclude" or "include"',
});
export type ArchivedFilter = z.infer<typeof ArchivedFilterSchema>;

/** The query-string pieces every owner list shares; each feature's list schema adds its own sort orders. */
export const ownerListQueryFields = {
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int({ error: "page must be a whole number from 1" })
    .min(1, { error: "page must be a whole number from 1" })
    .max(OWNER_LIST_MAX_PAGE, { error: `page must be at most ${OWNER_LIST_MAX_PAGE}` })
    .default(1),
  archived: ArchivedFilterSchema.default("exclude"),
};

export const ownerListSearchField = {
  q: z
    .string()
    .trim()
    .max(OWNER_LIST_SEARCH_MAX_LENGTH, { error: `q must be at most ${OWNER_LIST_SEARCH_MAX_LENGTH} characters` })
    .refine((value) => !value.includes("\u0000"), { error: "q must not contain NUL characters" })
    .default(""),
};

/** PATCH …/archive: says which way, so that a repeated request leaves the row as asked; no body archives. */
export const ArchiveChangeSchema = z.object({
  archived: z.boolean({ error: "archived must be true or false" }),
});

/** The counts a list page carries with its rows, all from the database. */
export type OwnerListCounts = {
  /** Rows in the list's view (archived ones only with Show Archived), before the search. */
  total: number;
  /** Rows that match the search in that view. */
  matching: number;
  /** Archived rows that match the search: when none, Show Archived would show the same rows. */
  archived: number;
};

/** One page of an owner list, in the spec's shape ({ success, message, data }) with the page and counts added. */
export type OwnerListPage<Row> = {
  success: true;
  message: string;
  data: Row[];
  page: number;
  pageSize: number;
  pageCount: number;
  counts: OwnerListCounts;
};

export function pageCountOf(matching: number, pageSize = OWNER_LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(matching / pageSize));
}

/** Newest first, as the spec's lists are; each list may offer other orders. */
export const DEFAULT_SORT = "newest";

/** What an owner list shows: which page, archived rows or not, the search and status (where it has them), the order. */
export type OwnerListView = { page: number; archived: ArchivedFilter; q?: string; sort?: string; status?: string };

/** The query string of a list view; values at their default are left out, so the first page is the spec's bare path. */
export function ownerListSearchParams(view: OwnerListView): string {
  const params = new URLSearchParams();
  if (view.q?.trim()) params.set("q", view.q.trim());
  if (view.archived !== "exclude") params.set("archived", view.archived);
  if (view.status) params.set("status", view.status);
  if (view.sort && view.sort !== DEFAULT_SORT) params.set("sort", view.sort);
  if (view.page !== 1) params.set("page", String(view.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** A page of rows and its counts in the list's answer shape; the message counts the matching rows. */
export function listPageOf<Row>(rows: Row[], counts: OwnerListCounts, page: number, noun: string): OwnerListPage<Row> {
  return {
    success: true,
    message: `${counts.matching} ${noun}`,
    data: rows,
    page,
    pageSize: OWNER_LIST_PAGE_SIZE,
    pageCount: pageCountOf(counts.matching),
    counts,
  };
}
