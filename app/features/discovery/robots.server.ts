/**
 * Crawlers may read the site and the podcast feed, never the owner's area, the members' area, the JSON API or a
 * member's private feed.
 */
export function buildRobotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /podcast.xml",
    "Disallow: /admin",
    "Disallow: /members",
    "Disallow: /api",
    "Disallow: /feeds",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
