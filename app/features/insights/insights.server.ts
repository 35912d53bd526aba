import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { insightPosts } from "~/db/schema";
import { sanitizeRichHtml } from "~/lib/sanitize-html.server";
import type { InsightPost, InsightSource } from "./schema";

type InsightRow = typeof insightPosts.$inferSelect;

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

/**
 * The stored row as the API and pages carry it. The HTML is sanitised again on the way out, so a row written by any
 * other path (an import, a manual fix in the database) still cannot carry script to a reader.
 */
export function toInsightPost(row: InsightRow): InsightPost {
  const sources = (row.allSources ?? []).flatMap((source): InsightSource[] => {
    const url = webAddress(source.url);
    return url ? [{ url, title: source.title || url }] : [];
  });
  const sourceUrl = webAddress(row.sourceUrl);
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    date: row.publishedAt.toISOString(),
    ...(row.imageUrl ? { imageUrl: row.imageUrl } : {}),
    category: row.category,
    author: { name: row.authorName, avatarUrl: row.authorAvatarUrl },
    content: sanitizeRichHtml(row.content),
    ...(sourceUrl ? { sourceUrl } : {}),
    ...(sourceUrl && row.sourceTitle ? { sourceTitle: row.sourceTitle } : {}),
    ...(sources.length > 0 ? { allSources: sources } : {}),
  };
}

/** Newest first. */
export async function listInsightPosts(db: Database): Promise<InsightPost[]> {
  const rows = await db.select().from(insightPosts).orderBy(desc(insightPosts.publishedAt), insightPosts.id);
  return rows.map(toInsightPost);
}

export async function findInsightPost(db: Database, id: string): Promise<InsightPost | null> {
  // PostgreSQL text cannot hold U+0000, so no post has such an id and the query itself would fail.
  if (id.includes("\u0000")) return null;
  const [row] = await db.select().from(insightPosts).where(eq(insightPosts.id, id)).limit(1);
  return row ? toInsightPost(row) : null;
}

export type NewInsightPost = typeof insightPosts.$inferInsert;

/** Stores posts with their HTML already sanitised, so that what is at rest is safe too. */
export function sanitizedForStorage<Post extends Pick<NewInsightPost, "content">>(post: Post): Post {
  return { ...post, content: sanitizeRichHtml(post.content ?? "") };
}

/** Each insight's id and when it last changed, for the sitemap. */
export async function listInsightRevisions(db: Database): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: insightPosts.id, updatedAt: insightPosts.updatedAt })
    .from(insightPosts)
    .orderBy(desc(insightPosts.publishedAt), insightPosts.id);
}
