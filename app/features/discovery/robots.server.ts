/** Crawlers may read the site and the podcast feed, never the owner's area, the members' area or the JSON API. */
export function buildRobotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /podcast.xml",
    "Disallow: /admin",
    "Disallow: /members",
    "Disallow: /api",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
