/** The wire shape of an insight post (spec section 3), as GET /api/insights and the insight pages carry it. */
export type InsightSource = { url: string; title: string };

export type InsightPost = {
  /** The article's address, /insights/{id}: the post's slug. */
  id: string;
  title: string;
  excerpt: string;
  /** ISO 8601 timestamp of publication. */
  date: string;
  imageUrl?: string;
  /** An uploaded cover's WebP renditions as a srcset, and its alt text. */
  imageSrcSet?: string;
  imageAlt?: string;
  category: string;
  author: { name: string; avatarUrl: string | null };
  /** Allow-list-sanitised HTML; empty while the article is being written. */
  content: string;
  sourceUrl?: string;
  sourceTitle?: string;
  allSources?: InsightSource[];
  /** The search engines' description, when the owner wrote one (the excerpt otherwise). */
  seoDescription?: string;
};

/** The spec's shape, with the page it is and whether another follows (the first page is the spec's list). */
export type InsightListResponse = {
  success: true;
  message: string;
  data: InsightPost[];
  page: number;
  hasNext: boolean;
};
export type InsightResponse = { success: true; data: InsightPost };

/** Where an insight's stored cover is served (the route checks that the post is public, or the owner asks). */
export const insightMediaUrl = (key: string) => `/insight-media/${key}`;

export const DEFAULT_INSIGHT_IMAGE = "/images/insights/default.webp";

const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * "May 6, 2025". Formatted in UTC so that the server's and the browser's renderings agree whatever their time zones
 * (posts are dated by day).
 */
export function formatInsightDate(isoDate: string): string {
  return longDate.format(new Date(isoDate));
}

/** The author badge shows the first letter of the author's name. */
export function authorInitial(name: string): string {
  return name.trim().charAt(0).toUpperCase() || "?";
}

/** Share intents (spec section 7): the professional and short-message networks get text plus URL. */
export function shareIntentUrls(post: Pick<InsightPost, "title" | "excerpt">, articleUrl: string) {
  const url = encodeURIComponent(articleUrl);
  const title = encodeURIComponent(post.title);
  return {
    linkedin: `https://www.linkedin.com/shareArticle?mini=true&url=${url}&title=${title}&summary=${encodeURIComponent(post.excerpt)}`,
    twitter: `https://twitter.com/intent/tweet?text=${title}&url=${url}`,
  };
}

export const INSTAGRAM_URL = "https://www.instagram.com/";
