import { element, xmlDocument } from "~/lib/xml";

export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";

/** When the text of the site's fixed pages last changed; move it forward when you edit them. */
export const FIXED_PAGES_REVISED = new Date("2025-09-01T00:00:00Z");

/** Every public page without its own dated content. */
const FIXED_PAGES = [
  "/about",
  "/briefing",
  "/contact",
  "/links",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/guest-application",
];

export type SitemapContent = {
  insights: { id: string; updatedAt: Date }[];
  /** The latest change to the public episode list, or null when there are no episodes. */
  episodesChanged: Date | null;
};

export type SitemapEntry = { path: string; lastModified: Date };

const latest = (...dates: (Date | null)[]) =>
  new Date(Math.max(...dates.flatMap((date) => (date ? [date.getTime()] : []))));

/** Every public URL with the time its content last changed. */
export function sitemapEntries({ insights, episodesChanged }: SitemapContent): SitemapEntry[] {
  const insightsChanged = latest(FIXED_PAGES_REVISED, ...insights.map((insight) => insight.updatedAt));
  return [
    // The home page shows the latest episode and insights.
    { path: "/", lastModified: latest(insightsChanged, episodesChanged) },
    { path: "/podcast", lastModified: latest(FIXED_PAGES_REVISED, episodesChanged) },
    { path: "/insights", lastModified: insightsChanged },
    ...insights.map((insight) => ({
      path: `/insights/${encodeURIComponent(insight.id)}`,
      lastModified: insight.updatedAt,
    })),
    ...FIXED_PAGES.map((path) => ({ path, lastModified: FIXED_PAGES_REVISED })),
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
