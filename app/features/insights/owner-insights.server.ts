import { randomUUID } from "node:crypto";
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { insightPosts, insightSlugRedirects } from "~/db/schema";
import { apiError, notFound } from "~/lib/api.server";
import type { AppContext } from "~/lib/app-context.server";
import { slugFromTitle } from "~/lib/editor-schema-fields";
import { renderMarkdown } from "~/lib/markdown.server";
import { MediaUploadError } from "~/lib/media/media-errors";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { type ReceivedUploads, receiveUploads } from "~/lib/media/receive-uploads.server";
import { deleteStoredUpload, mediaLimits, type StoredUpload } from "~/lib/media/store-upload.server";
import { listPageOf, type OwnerListPage } from "~/lib/owner-list";
import { type ListOrder, readListPage } from "~/lib/owner-list.server";
import {
  COVER_ALT_REQUIRED_MESSAGE,
  CoverAltSchema,
  INSIGHT_CONFLICT_MESSAGE,
  INSIGHT_FUTURE_DATE_MESSAGE,
  INSIGHT_NOT_FOUND_MESSAGE,
  INSIGHT_SLUG_FIXED_MESSAGE,
  INSIGHT_SLUG_TAKEN_MESSAGE,
  type InsightCoverInfo,
  type InsightEditorData,
  type InsightListQuery,
  type InsightSaveData,
  type OwnerInsightDetail,
  type OwnerInsightRow,
  type OwnerInsightStatus,
} from "./editor-schema";
import { insightMediaUrl } from "./schema";

/** A refusal the owner's call answers with its status and message (and the field it is about). */
export class InsightChangeRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "InsightChangeRefused";
  }
}

export const insightRefusal = (error: InsightChangeRefused) =>
  apiError(error.status, error.message, error.field ? { [error.field]: [error.message] } : undefined);

/** A scheduled post whose date has come is shown to the owner as published. */
function effectiveStatus(status: string, publishedAt: Date | null, now: Date): OwnerInsightStatus {
  if (status === "scheduled" && publishedAt && publishedAt <= now) return "published";
  return status as OwnerInsightStatus;
}

const listColumns = {
  id: insightPosts.id,
  title: insightPosts.title,
  slug: insightPosts.slug,
  category: insightPosts.category,
  status: insightPosts.status,
  publishedAt: insightPosts.publishedAt,
};

/** Newest first: by publish date, or by creation for a draft never dated (so a new draft is on top). */
const insightOrder = (direction: ListOrder["direction"]): ListOrder => ({
  keys: [
    { sql: sql`coalesce(${insightPosts.publishedAt}, ${insightPosts.createdAt})`, type: "timestamptz" },
    { sql: sql`${insightPosts.id}`, type: "text" },
  ],
  direction,
});

const titleSearch = (search: string): SQL | undefined =>
  search ? sql`strpos(lower(${insightPosts.title}), lower(${search})) > 0` : undefined;

/** One page of the owner's Insights list, with its counts. */
export async function listOwnerInsights(
  db: Database,
  query: InsightListQuery,
  now: Date,
): Promise<OwnerListPage<OwnerInsightRow>> {
  const { rows, counts } = await readListPage(
    db,
    { table: insightPosts, columns: listColumns, search: titleSearch(query.q) },
    insightOrder(query.sort === "oldest" ? "asc" : "desc"),
    { page: query.page, archived: "include" },
  );
  return listPageOf(
    rows.map(({ publishedAt, ...row }) => ({
      ...row,
      status: effectiveStatus(row.status, publishedAt, now),
      publishDate: publishedAt?.toISOString() ?? null,
    })),
    counts,
    query.page,
    "insights",
  );
}

export const FIRST_INSIGHT_PAGE: InsightListQuery = { page: 1, q: "", sort: "newest" };

const isSlugFixed = (firstPublishedAt: Date | null, now: Date) => firstPublishedAt !== null && firstPublishedAt <= now;

type CoverColumns = { coverKey: string | null; coverRenditions: { key: string; width: number; height: number }[] };

function coverInfo(row: CoverColumns & { coverAlt: string }): InsightCoverInfo {
  if (!row.coverKey) return null;
  return {
    url: insightMediaUrl(row.coverKey),
    alt: row.coverAlt,
    renditions: row.coverRenditions.map(({ key, width, height }) => ({ url: insightMediaUrl(key), width, height })),
  };
}

/** Everything the editor shows for one post, or null when there is none. */
export async function readOwnerInsight(db: Database, id: string, now: Date): Promise<OwnerInsightDetail | null> {
  if (id.includes("\u0000")) return null;
  const [row] = await db.select().from(insightPosts).where(eq(insightPosts.id, id));
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    slugFixed: isSlugFixed(row.firstPublishedAt, now),
    excerpt: row.excerpt,
    bodyMarkdown: row.bodyMarkdown,
    category: row.category,
    authorName: row.authorName,
    coverAlt: row.coverAlt,
    cover: coverInfo(row),
    seoDescription: row.seoDescription,
    skipMail: row.skipMail,
    sources: row.allSources,
    status: effectiveStatus(row.status, row.publishedAt, now),
    publishDate: row.publishedAt?.toISOString() ?? null,
    version: row.version,
  };
}

/**
 * Slugs change one save at a time: a slug lives in two tables (posts and old slugs), which no single unique index
 * covers, so each change holds this lock while it checks both and writes.
 */
const INSIGHT_SLUG_LOCK_KEY = 727_202_517;

async function isSlugTaken(tx: Transaction, slug: string, postId: string | null): Promise<boolean> {
  const inPosts = await tx
    .select({ id: insightPosts.id })
    .from(insightPosts)
    .where(and(eq(insightPosts.slug, slug), postId === null ? undefined : ne(insightPosts.id, postId)));
  if (inPosts.length > 0) return true;
  const inRedirects = await tx
    .select({ postId: insightSlugRedirects.postId })
    .from(insightSlugRedirects)
    .where(eq(insightSlugRedirects.slug, slug));
  return inRedirects.some((redirect) => redirect.postId !== postId);
}

/** The slug asked for, or the title's (with -2, -3 … until free); refused when another post has or had it. */
async function chooseSlug(tx: Transaction, input: InsightEditorData, postId: string | null): Promise<string> {
  if (input.slug) {
    if (await isSlugTaken(tx, input.slug, postId)) {
      throw new InsightChangeRefused(409, INSIGHT_SLUG_TAKEN_MESSAGE, "slug");
    }
    return input.slug;
  }
  const base = slugFromTitle(input.title, "insight");
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    if (!(await isSlugTaken(tx, candidate, postId))) return candidate;
  }
}

/** The status, publish date and first-publication moment a save asks for, or the refusal. */
function publication(input: InsightEditorData, firstPublishedAt: Date | null, now: Date) {
  let publishedAt = input.publishDate;
  if (input.status === "scheduled" && (!publishedAt || publishedAt <= now)) {
    throw new InsightChangeRefused(400, INSIGHT_FUTURE_DATE_MESSAGE, "publishDate");
  }
  // Publish now: a date already past is kept (a back-dated post), any other becomes this moment.
  if (input.status === "published" && (!publishedAt || publishedAt > now)) publishedAt = now;
  const goesPublic = input.status === "published" || input.status === "scheduled";
  return {
    status: input.status,
    publishedAt,
    firstPublishedAt: isSlugFixed(firstPublishedAt, now) || !goesPublic ? firstPublishedAt : publishedAt,
  };
}

const editorColumns = (input: InsightEditorData) => {
  const [first] = input.sources;
  return {
    title: input.title,
    excerpt: input.excerpt,
    bodyMarkdown: input.bodyMarkdown,
    content: renderMarkdown(input.bodyMarkdown),
    category: input.category,
    authorName: input.authorName,
    coverAlt: input.coverAlt,
    seoDescription: input.seoDescription,
    skipMail: input.skipMail,
    sourceUrl: first?.url ?? null,
    sourceTitle: first?.title || null,
    allSources: input.sources.map(({ url, title }) => ({ url: url as string, title: title || (url as string) })),
  };
};

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** Runs a slug-changing write under the slug lock; a slug taken by a racing write becomes the 409 it is. */
async function withSlugLock<T>(db: Database, write: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${INSIGHT_SLUG_LOCK_KEY})`);
      return write(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new InsightChangeRefused(409, INSIGHT_SLUG_TAKEN_MESSAGE, "slug");
    throw error;
  }
}

type SavedInsight = { id: string; slug: string; version: number };
const savedColumns = { id: insightPosts.id, slug: insightPosts.slug, version: insightPosts.version };

/** Creates a post (a draft unless the input asks otherwise). A post has no cover until one is uploaded. */
export function createInsight(db: Database, input: InsightEditorData, now: Date): Promise<SavedInsight> {
  const dates = publication(input, null, now);
  return withSlugLock(db, async (tx) => {
    const slug = await chooseSlug(tx, input, null);
    const [created] = await tx
      .insert(insightPosts)
      .values({ id: randomUUID(), slug, ...dates, ...editorColumns(input) })
      .returning(savedColumns);
    return created;
  });
}

/**
 * Saves the editor's fields if the post is still at the version the editor opened; raises the version. A slug that
 * changes keeps the old one as a redirect. A post with a cover keeps a cover description.
 */
export function saveInsight(db: Database, id: string, input: InsightSaveData, now: Date): Promise<SavedInsight> {
  return withSlugLock(db, async (tx) => {
    const [current] = await tx
      .select({
        slug: insightPosts.slug,
        version: insightPosts.version,
        coverKey: insightPosts.coverKey,
        firstPublishedAt: insightPosts.firstPublishedAt,
      })
      .from(insightPosts)
      .where(eq(insightPosts.id, id));
    if (!current) throw new InsightChangeRefused(404, INSIGHT_NOT_FOUND_MESSAGE);
    if (current.version !== input.version) throw new InsightChangeRefused(409, INSIGHT_CONFLICT_MESSAGE);
    if (current.coverKey && !input.coverAlt) {
      throw new InsightChangeRefused(400, COVER_ALT_REQUIRED_MESSAGE, "coverAlt");
    }
    let slug = current.slug;
    if (input.slug && input.slug !== current.slug) {
      if (isSlugFixed(current.firstPublishedAt, now)) {
        throw new InsightChangeRefused(400, INSIGHT_SLUG_FIXED_MESSAGE, "slug");
      }
      slug = await chooseSlug(tx, input, id);
    }
    const [saved] = await tx
      .update(insightPosts)
      .set({
        ...editorColumns(input),
        ...publication(input, current.firstPublishedAt, now),
        slug,
        version: sql`${insightPosts.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(insightPosts.id, id), eq(insightPosts.version, input.version)))
      .returning(savedColumns);
    if (!saved) throw new InsightChangeRefused(409, INSIGHT_CONFLICT_MESSAGE);
    if (slug !== current.slug) {
      // Renaming back to an earlier slug takes it out of the redirects; the slug left behind becomes one.
      await tx.delete(insightSlugRedirects).where(eq(insightSlugRedirects.slug, slug));
      await tx.insert(insightSlugRedirects).values({ slug: current.slug, postId: id });
    }
    return saved;
  });
}

const coverKeys = (row: CoverColumns) => [row.coverKey, ...row.coverRenditions.map(({ key }) => key)];

async function deleteKeys(media: MediaStorage, keys: (string | null)[]) {
  const results = await Promise.allSettled(keys.flatMap((key) => (key ? [media.delete(key)] : [])));
  for (const result of results) {
    if (result.status === "rejected") console.error("[media] could not remove an insight's file:", result.reason);
  }
}

/** Deletes the post and then its cover files (a file left by a failed removal is harmless; a row naming none is not). */
export async function deleteInsight(db: Database, media: MediaStorage, id: string): Promise<boolean> {
  if (id.includes("\u0000")) return false;
  const [deleted] = await db
    .delete(insightPosts)
    .where(eq(insightPosts.id, id))
    .returning({ coverKey: insightPosts.coverKey, coverRenditions: insightPosts.coverRenditions });
  if (!deleted) return false;
  await deleteKeys(media, coverKeys(deleted));
  return true;
}

/** The widths pages draw a cover at: cards about 384 px, the article about 768 px, each at twice the density. */
const INSIGHT_COVER_UPLOAD = {
  kind: "image",
  prefix: "insights/covers",
  rules: { minWidth: 1200, minHeight: 600 },
  renditionWidths: [768, 1536],
} as const;

const NO_COVER = "Choose a cover image to upload.";

/** Post ids in paths: the sample posts' words or a UUID; anything else is a 400 before any query runs. */
export function parseInsightId(value: string | undefined): string | null {
  return value && /^[A-Za-z0-9-]{1,100}$/.test(value) ? value : null;
}

/**
 * Makes a stored image the post's cover with its alt text, then removes the cover it replaced. The row is locked
 * while it is read and changed; when the post is gone (deleted meanwhile), the new files are removed instead.
 */
async function replaceCover(
  db: Database,
  media: MediaStorage,
  id: string,
  change: { coverKey: string | null; coverRenditions: CoverColumns["coverRenditions"]; coverAlt?: string },
  newUpload: StoredUpload<"image"> | null,
): Promise<InsightCoverInfo | undefined> {
  let outcome: { previous: CoverColumns; current: CoverColumns & { coverAlt: string } } | null;
  try {
    outcome = await db.transaction(async (tx) => {
      const [previous] = await tx
        .select({ coverKey: insightPosts.coverKey, coverRenditions: insightPosts.coverRenditions })
        .from(insightPosts)
        .where(eq(insightPosts.id, id))
        .for("update");
      if (!previous) return null;
      const [current] = await tx
        .update(insightPosts)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(insightPosts.id, id))
        .returning({
          coverKey: insightPosts.coverKey,
          coverRenditions: insightPosts.coverRenditions,
          coverAlt: insightPosts.coverAlt,
        });
      return { previous, current };
    });
  } catch (error) {
    if (newUpload) await deleteStoredUpload(media, newUpload);
    throw error;
  }
  if (!outcome) {
    if (newUpload) await deleteStoredUpload(media, newUpload);
    return undefined;
  }
  await deleteKeys(media, coverKeys(outcome.previous));
  return coverInfo(outcome.current);
}

/**
 * `PUT /api/admin/insights/{id}/cover` after the owner check: the form's `alt` text and its `cover` image (a JPEG or
 * PNG at least 1200 × 600, checked by its content, stored with WebP renditions). A refused or interrupted upload
 * answers its status and message and keeps nothing.
 */
export async function answerInsightCoverUpload(
  { db, media, env }: Pick<AppContext, "db" | "media" | "env">,
  request: Request,
  id: string,
) {
  if (!(await readOwnerInsight(db, id, new Date()))) return notFound(INSIGHT_NOT_FOUND_MESSAGE);
  let received: ReceivedUploads<{ cover: typeof INSIGHT_COVER_UPLOAD }>;
  try {
    received = await receiveUploads(request, media, { cover: INSIGHT_COVER_UPLOAD }, mediaLimits(env), {
      maxFields: 10,
      maxFieldBytes: 4096,
    });
  } catch (error) {
    if (!(error instanceof MediaUploadError)) throw error;
    return apiError(error.status, error.message, { [error.field ?? "cover"]: [error.message] });
  }
  const alt = CoverAltSchema.safeParse(received.fields.get("alt") ?? "");
  if (!alt.success) {
    await received.discard();
    return apiError(400, alt.error.issues[0].message, { alt: [alt.error.issues[0].message] });
  }
  const upload = received.files.cover as StoredUpload<"image"> | undefined;
  if (!upload) return apiError(400, NO_COVER, { cover: [NO_COVER] });
  const data = await replaceCover(
    db,
    media,
    id,
    {
      coverKey: upload.key,
      coverRenditions: upload.renditions.map(({ key, width, height }) => ({ key, width, height })),
      coverAlt: alt.data,
    },
    upload,
  );
  if (data === undefined) return notFound(INSIGHT_NOT_FOUND_MESSAGE);
  return { success: true as const, message: "Cover uploaded", data };
}

/** `DELETE /api/admin/insights/{id}/cover`: the post goes back to the default picture; its files are removed. */
export async function answerInsightCoverRemoval({ db, media }: Pick<AppContext, "db" | "media">, id: string) {
  const data = await replaceCover(db, media, id, { coverKey: null, coverRenditions: [] }, null);
  if (data === undefined) return notFound(INSIGHT_NOT_FOUND_MESSAGE);
  return { success: true as const, message: "Cover removed", data };
}
