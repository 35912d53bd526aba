import { and, desc, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { insightPosts, insightSlugRedirects } from "~/db/schema";
import { sanitizeRichHtml } from "~/lib/sanitize-html.server";
import { type InsightPost, type InsightSource, insightMediaUrl } from "./schema";

type InsightRow = Pick<
  typeof insightPosts.$inferSelect,
  | "slug"
  | "title"
  | "excerpt"
  | "publishedAt"
  | "imageUrl"
  | "coverKey"
  | "coverRenditions"
  | "coverAlt"
  | "category"
  | "authorName"
  | "authorAvatarUrl"
  | "content"
  | "sourceUrl"
  | "sourceTitle"
  | "allSources"
  | "seoDescription"
>;

/** Posts a page shows at a time on /insights and GET /api/insights. */
export const INSIGHTS_PER_PAGE = 12;

/** A post is public once published, or scheduled and its date has come: no write is needed when the date comes. */
const isPublicInsightAt = (now: Date) =>
  and(inArray(insightPosts.status, ["scheduled", "published"]), lte(insightPosts.publishedAt, now)) as SQL;

/** Source links open in a new tab from the article page, so only plain web addresses are passed on. */
function webAddress(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An uploaded cover as the pages draw it: its WebP renditions, the widest as the image itself. */
function coverImage(row: InsightRow): Pick<InsightPost, "imageUrl" | "imageSrcSet" | "imageAlt"> {
  if (row.coverKey && row.coverRenditions.length > 0) {
    const renditions = [...row.coverRenditions].sort((a, b) => a.width - b.width);
    return {
      imageUrl: insightMediaUrl(renditions[renditions.length - 1].key),
      imageSrcSet: renditions.map(({ key, width }) => `${insightMediaUrl(key)} ${width}w`).join(", "),
      imageAlt: row.coverAlt,
    };
  }
  return row.imageUrl ? { imageUrl: row.imageUrl } : {};
}

/**
 * The stored row as the API and pages carry it; its `id` is the article's address (the slug). The HTML is sanitised
 * again on the way out, so a row written by any other path (an import, a manual fix in the database) still cannot
 * carry script to a reader.
 */
function toInsightPost(row: InsightRow): InsightPost {
  const sources = (row.allSources ?? []).flatMap((source): InsightSource[] => {
    const url = webAddress(source.url);
    return url ? [{ url, title: source.title || url }] : [];
  });
  const sourceUrl = webAddress(row.sourceUrl);
  return {
    id: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    date: (row.publishedAt ?? new Date(0)).toISOString(),
    ...coverImage(row),
    category: row.category,
    author: { name: row.authorName, avatarUrl: row.authorAvatarUrl },
    content: sanitizeRichHtml(row.content),
    ...(sourceUrl ? { sourceUrl } : {}),
    ...(sourceUrl && row.sourceTitle ? { sourceTitle: row.sourceTitle } : {}),
    ...(sources.length > 0 ? { allSources: sources } : {}),
    ...(row.seoDescription ? { seoDescription: row.seoDescription } : {}),
  };
}

const publicColumns = {
  slug: insightPosts.slug,
  title: insightPosts.title,
  excerpt: insightPosts.excerpt,
  publishedAt: insightPosts.publishedAt,
  imageUrl: insightPosts.imageUrl,
  coverKey: insightPosts.coverKey,
  coverRenditions: insightPosts.coverRenditions,
  coverAlt: insightPosts.coverAlt,
  category: insightPosts.category,
  authorName: insightPosts.authorName,
  authorAvatarUrl: insightPosts.authorAvatarUrl,
  content: insightPosts.content,
  sourceUrl: insightPosts.sourceUrl,
  sourceTitle: insightPosts.sourceTitle,
  allSources: insightPosts.allSources,
  seoDescription: insightPosts.seoDescription,
};

const newestFirst = [desc(insightPosts.publishedAt), desc(insightPosts.id)];

export type InsightPage = { posts: InsightPost[]; page: number; hasPrevious: boolean; hasNext: boolean };

/** The query of one page (and one row more, to tell whether another page follows), read through the (published_at, id) index. */
export const insightPageQuery = (db: Database, page: number, now: Date) =>
  db
    .select(publicColumns)
    .from(insightPosts)
    .where(isPublicInsightAt(now))
    .orderBy(...newestFirst)
    .limit(INSIGHTS_PER_PAGE + 1)
    .offset((page - 1) * INSIGHTS_PER_PAGE);

/** One page of the public posts, newest first. */
export async function listInsightPage(db: Database, page: number, now: Date): Promise<InsightPage> {
  const rows = await insightPageQuery(db, page, now);
  return {
    posts: rows.slice(0, INSIGHTS_PER_PAGE).map(toInsightPost),
    page,
    hasPrevious: page > 1,
    hasNext: rows.length > INSIGHTS_PER_PAGE,
  };
}

/** The newest public posts, for the home page's cards. */
export async function listLatestInsights(db: Database, count: number, now: Date): Promise<InsightPost[]> {
  const rows = await db
    .select(publicColumns)
    .from(insightPosts)
    .where(isPublicInsightAt(now))
    .orderBy(...newestFirst)
    .limit(count);
  return rows.map(toInsightPost);
}

export type InsightLookup = { post: InsightPost } | { movedTo: string } | null;

/**
 * A public post by its address. An address the post had before (an old slug) or its row id answers where it lives
 * now, for a 301; a draft, an unpublished post or one not yet due is not found.
 */
export async function findInsightPost(db: Database, address: string, now: Date): Promise<InsightLookup> {
  // PostgreSQL text cannot hold U+0000, so no post has such an address and the query itself would fail.
  if (address.includes("\u0000")) return null;
  const [row] = await db
    .select(publicColumns)
    .from(insightPosts)
    .where(and(eq(insightPosts.slug, address), isPublicInsightAt(now)))
    .limit(1);
  if (row) return { post: toInsightPost(row) };
  const [moved] = await db
    .select({ slug: insightPosts.slug })
    .from(insightPosts)
    .leftJoin(insightSlugRedirects, eq(insightSlugRedirects.postId, insightPosts.id))
    .where(
      and(sql`(${insightSlugRedirects.slug} = ${address} or ${insightPosts.id} = ${address})`, isPublicInsightAt(now)),
    )
    .limit(1);
  return moved && moved.slug !== address ? { movedTo: moved.slug } : null;
}

export type NewInsightPost = typeof insightPosts.$inferInsert;

/** Stores posts with their HTML already sanitised, so that what is at rest is safe too. */
export function sanitizedForStorage<Post extends Pick<NewInsightPost, "content">>(post: Post): Post {
  return { ...post, content: sanitizeRichHtml(post.content ?? "") };
}

/** Each public post's address and when it last changed (or came due), for the sitemap. */
export async function listInsightRevisions(db: Database, now: Date): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({
      id: insightPosts.slug,
      updatedAt: sql<Date>`greatest(${insightPosts.updatedAt}, ${insightPosts.publishedAt})`.mapWith(
        insightPosts.updatedAt,
      ),
    })
    .from(insightPosts)
    .where(isPublicInsightAt(now))
    .orderBy(...newestFirst);
}

/** Whether a stored file belongs to a post, and whether that post is public (its cover may then be cached). */
export async function findInsightMediaOwner(
  db: Database,
  key: string,
  now: Date,
): Promise<{ isPublic: boolean } | null> {
  const [row] = await db
    .select({ isPublic: sql<boolean>`coalesce(${isPublicInsightAt(now)}, false)` })
    .from(insightPosts)
    .where(
      sql`(${insightPosts.coverKey} = ${key} or ${insightPosts.coverRenditions} @> ${JSON.stringify([{ key }])}::jsonb)`,
    )
    .limit(1);
  return row ?? null;
}
