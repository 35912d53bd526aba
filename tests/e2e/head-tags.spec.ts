import { expect, test } from "./fixtures";

/**
 * Every registered page with the title, description and h1 its first HTML response must carry, requested as someone
 * who may see it (member pages as a premium member, owner pages as the owner). An insight article takes its tags from
 * the post (tests/e2e/article.spec.ts).
 */
type PageExpectation = { path: string; title: string; heading: string; noIndex?: boolean; as?: "premium" | "owner" };

const pages: PageExpectation[] = [
  { path: "/", title: "The Disruption Confessional", heading: "The Disruption Confessional" },
  { path: "/about", title: "About", heading: "About the Host" },
  { path: "/briefing", title: "The Briefing", heading: "The Briefing" },
  { path: "/podcast", title: "Podcast", heading: "The Podcast" },
  {
    path: "/podcast/episode-1-the-pivot-that-almost-sank-us",
    title: "Episode 1: The Pivot That Almost Sank Us",
    heading: "Episode 1: The Pivot That Almost Sank Us",
  },
  { path: "/insights", title: "Insights", heading: "Latest Insights" },
  { path: "/contact", title: "Contact", heading: "Join the Conversation" },
  { path: "/links", title: "Links", heading: "The Disruption Confessional" },
  { path: "/privacy-policy", title: "Privacy Policy", heading: "Privacy Policy" },
  { path: "/terms-of-service", title: "Terms of Service", heading: "Terms of Service" },
  { path: "/cookie-policy", title: "Cookie Policy", heading: "Cookie Policy" },
  { path: "/guest-application", title: "Become a Guest", heading: "Become a Guest" },
  { path: "/members/dashboard", title: "Member Dashboard", heading: "Member Dashboard", noIndex: true, as: "premium" },
  { path: "/members/profile", title: "Profile Settings", heading: "Profile Settings", noIndex: true, as: "premium" },
  {
    path: "/members/premium-content",
    title: "Premium Content",
    heading: "Premium Content",
    noIndex: true,
    as: "premium",
  },
  {
    path: "/members/upgrade",
    title: "Upgrade Your Membership",
    heading: "Upgrade Your Membership",
    noIndex: true,
    as: "premium",
  },
  {
    path: "/members/guest-applications",
    title: "Guest Applications",
    heading: "Guest Applications",
    noIndex: true,
    as: "premium",
  },
  { path: "/members/events", title: "Virtual Events", heading: "Virtual Events", noIndex: true, as: "premium" },
  { path: "/members/resources", title: "Resource Library", heading: "Resource Library", noIndex: true, as: "premium" },
  { path: "/admin", title: "Admin Login", heading: "Admin Login", noIndex: true },
  { path: "/admin/login", title: "Admin Login", heading: "Admin Login", noIndex: true },
  { path: "/admin/guest-applications", title: "Admin Login", heading: "Admin Login", noIndex: true },
  { path: "/admin/contacts", title: "Admin Dashboard", heading: "Admin Dashboard", noIndex: true, as: "owner" },
  {
    path: "/admin/subscribers",
    title: "Newsletter Subscribers",
    heading: "Newsletter Subscribers",
    noIndex: true,
    as: "owner",
  },
  {
    path: "/admin/content-calendar",
    title: "Content Calendar",
    heading: "Content Calendar",
    noIndex: true,
    as: "owner",
  },
  { path: "/no-such-page", title: "Page Not Found", heading: "Page Not Found", noIndex: true },
];

const SHOW_NAME = "The Disruption Confessional";
const SOCIAL_PREVIEW_ALT = "The Disruption Confessional: where disruption gets personal";

function tagContent(html: string, pattern: RegExp): string | undefined {
  return html.match(pattern)?.[1];
}

const metaByName = (html: string, name: string) =>
  tagContent(html, new RegExp(`<meta name="${name}" content="([^"]*)"`));
const metaByProperty = (html: string, property: string) =>
  tagContent(html, new RegExp(`<meta property="${property}" content="([^"]*)"`));

for (const page of pages) {
  test(`head tags and content of ${page.path} arrive in the first HTML response`, async ({ requestAs, baseURL }) => {
    const request = await requestAs(page.as);
    const response = await request.get(page.path, { maxRedirects: 0 });
    expect(response.status()).toBe(page.path === "/no-such-page" ? 404 : 200);
    const html = await response.text();

    const fullTitle = page.title === SHOW_NAME ? SHOW_NAME : `${page.title} | ${SHOW_NAME}`;
    const canonical = `${baseURL}${page.path}`;
    expect(tagContent(html, /<title>([^<]*)<\/title>/)).toBe(fullTitle);
    const description = metaByName(html, "description");
    expect(description?.length).toBeGreaterThan(10);
    expect(tagContent(html, /<link rel="canonical" href="([^"]*)"/)).toBe(canonical);
    expect(metaByProperty(html, "og:title")).toBe(fullTitle);
    expect(metaByProperty(html, "og:description")).toBe(description);
    expect(metaByProperty(html, "og:url")).toBe(canonical);
    expect(metaByProperty(html, "og:type")).toBe("website");
    expect(metaByProperty(html, "og:site_name")).toBe(SHOW_NAME);
    expect(metaByProperty(html, "og:image")).toBe(`${baseURL}/images/social-preview.jpg`);
    expect(metaByName(html, "twitter:card")).toBe("summary_large_image");
    expect(metaByName(html, "twitter:title")).toBe(fullTitle);
    expect(metaByName(html, "twitter:description")).toBe(description);
    expect(metaByName(html, "twitter:image")).toBe(`${baseURL}/images/social-preview.jpg`);
    expect(metaByProperty(html, "og:image:alt")).toBe(SOCIAL_PREVIEW_ALT);
    expect(metaByName(html, "twitter:image:alt")).toBe(SOCIAL_PREVIEW_ALT);
    expect(html).toMatch(
      /<link(?=[^>]*\brel="alternate")(?=[^>]*\btype="application\/rss\+xml")(?=[^>]*\btitle="The Disruption Confessional")(?=[^>]*\bhref="\/podcast\.xml")[^>]*>/,
    );
    expect(metaByName(html, "robots")).toBe(page.noIndex ? "noindex" : undefined);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${page.heading}</h1>`));
  });
}

test("the canonical URL ignores the query string", async ({ request, baseURL }) => {
  const html = await (await request.get("/about?video=3&utm_source=x")).text();
  expect(tagContent(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${baseURL}/about`);
});

test("the social preview image exists", async ({ request }) => {
  const response = await request.get("/images/social-preview.jpg");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
});
