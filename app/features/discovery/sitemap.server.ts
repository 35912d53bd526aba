import { fixedPublicPages, type PublicContent, type PublicRoute } from "~/lib/public-routes";
import { element, xmlDocument } from "~/lib/xml";

export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";

/** When the text of the site's fixed pages last changed; move it forward when you edit them. */
export const FIXED_PAGES_REVISED = new Date("2025-09-01T00:00:00Z");

export type SitemapContent = {
  /** The routes whose handle declares them public; the pages among them with a fixed address are listed. */
  routes: PublicRoute[];
  insights: { id: string; updatedAt: Date }[];
  /** The latest change to the public episode list, or null when there are no episodes. */
  episodesChanged: Date | null;
  /** Each public episode's page (`/podcast/{slug}`) with its latest change. */
  episodePages?: SitemapEntry[];
  /** The latest change to a host story, or null when there are none. */
  storiesChanged?: Date | null;
};

export type SitemapEntry = { path: string; lastModified: Date };

const latest = (...dates: (Date | null)[]) =>
  new Date(Math.max(...dates.flatMap((date) => (date ? [date.getTime()] : []))));

/** Every public URL with the time its content last changed: a page's fixed text, or the content it shows. */
export function sitemapEntries({
  routes,
  insights,
  episodesChanged,
  episodePages = [],
  storiesChanged = null,
}: SitemapContent): SitemapEntry[] {
  const changed: Record<PublicContent, Date | null> = {
    insights: insights.length === 0 ? null : latest(...insights.map((insight) => insight.updatedAt)),
    episodes: episodesChanged,
    stories: storiesChanged,
  };
  return [
    ...fixedPublicPages(routes).map((page) => ({
      path: page.path,
      lastModified: latest(FIXED_PAGES_REVISED, ...page.shows.map((content) => changed[content])),
    })),
    ...insights.map((insight) => ({
      path: `/insights/${encodeURIComponent(insight.id)}`,
      lastModified: insight.updatedAt,
    })),
    ...episodePages,
  ];
}

/** A sitemaps.org 0.9 urlset; lastmod is a W3C datetime in UTC. */
export function buildSitemap(entries: SitemapEntry[], siteUrl: string): string {
  return xmlDocument(
    element(
      "urlset",
      { xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9" },
      ...entries.map((entry) =>
        element(
          "url",
          {},
          element("loc", {}, new URL(entry.path, `${siteUrl}/`).href),
          element("lastmod", {}, entry.lastModified.toISOString().replace(/\.\d{3}Z$/, "Z")),
        ),
      ),
    ),
  );
}

export function sitemapLastModified(entries: SitemapEntry[]): Date | null {
  return entries.length === 0 ? null : latest(...entries.map((entry) => entry.lastModified));
}
