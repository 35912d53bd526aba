import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT, type ServerWithDataDir, startServerWithDataDir } from "./helpers";
import { extractJsonLd, structuredDataProblems } from "./structured-data-rules";

const VNU_JAR = path.join(PROJECT_ROOT, "node_modules/vnu-jar/build/dist/vnu.jar");
const ADMIN_PASSWORD = "page-validity-owner-password";

type Visitor = "anonymous" | "premium" | "owner";

const publicPages = [
  "/",
  "/about",
  "/briefing",
  "/podcast",
  "/insights",
  "/contact",
  "/links",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/guest-application",
  "/sign-in",
  "/admin",
  "/admin/login",
  "/admin/guest-applications",
];
const memberPages = [
  "/members/dashboard",
  "/members/profile",
  "/members/premium-content",
  "/members/upgrade",
  "/members/events",
  "/members/resources",
  "/members/guest-applications",
];
const ownerPages = [
  "/admin/analytics",
  "/admin/contacts",
  "/admin/subscribers",
  "/admin/content-calendar",
  "/admin/members",
  "/admin/settings",
];

/** The JSON-LD types each page must carry (spec section 1); pages not listed carry none. */
const expectedStructuredData: Record<string, string[]> = {
  "/": ["PodcastSeries", "Organization", "PodcastEpisode"],
  "/podcast": ["PodcastSeries", "PodcastEpisode"],
  "/contact": ["Organization"],
  "/members/dashboard": ["BreadcrumbList"],
  "/members/profile": ["BreadcrumbList"],
  "/members/premium-content": ["BreadcrumbList"],
  "/members/upgrade": ["FAQPage", "BreadcrumbList"],
  "/members/events": ["BreadcrumbList"],
  "/members/resources": ["BreadcrumbList"],
  "/members/guest-applications": ["BreadcrumbList"],
  insight: ["Article", "BreadcrumbList"],
  episode: ["PodcastEpisode", "BreadcrumbList"],
};

/**
 * Every page's first HTML response from the built server, as the visitor allowed to see it: the Nu HTML checker must
 * find no error in any of them, and the structured data must be complete and match the page.
 */
describe("the HTML of every page", () => {
  let server: ServerWithDataDir;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    server = await startServerWithDataDir({ NODE_ENV: "test", ADMIN_PASSWORD });
    const cookies: Record<Visitor, string> = {
      anonymous: "",
      premium: await sessionCookie(`${server.url}/api/auth/mock-login`, { membershipTier: "premium" }),
      owner: await sessionCookie(`${server.url}/api/admin/login`, { password: ADMIN_PASSWORD }),
    };
    const insights = (await (await fetch(`${server.url}/api/insights`)).json()) as { data: { id: string }[] };
    const insightPath = `/insights/${insights.data[0].id}`;

    const requests: [string, string, Visitor, number][] = [
      ...publicPages.map((page): [string, string, Visitor, number] => [page, page, "anonymous", 200]),
      ["insight", insightPath, "anonymous", 200],
      ["episode", "/podcast/episode-1-the-pivot-that-almost-sank-us", "anonymous", 200],
      ["not-found", "/no-such-page", "anonymous", 404],
      ...memberPages.map((page): [string, string, Visitor, number] => [page, page, "premium", 200]),
      ...ownerPages.map((page): [string, string, Visitor, number] => [page, page, "owner", 200]),
    ];
    for (const [name, page, visitor, status] of requests) {
      const response = await fetch(`${server.url}${page}`, {
        headers: { cookie: cookies[visitor] },
        redirect: "manual",
      });
      expect(response.status, `${page} as ${visitor}`).toBe(status);
      pages.set(name, await response.text());
    }
    // Thirty server-rendered pages after a server start: longer than the project's 60 s on a busy two-core machine.
  }, 180_000);

  afterAll(() => server?.close());

  it("passes the Nu HTML checker without an error", async () => {
    const folder = path.join(server.dataDir, "html");
    fs.mkdirSync(folder);
    const files = [...pages].map(([name, html]) => {
      const file = path.join(folder, `${name.replace(/[^a-z0-9-]+/g, "_") || "home"}.html`);
      fs.writeFileSync(file, html);
      return file;
    });
    // One Java start for all the pages; the checker exits with 1 when it reports errors, and prints them as JSON.
    const result = await promisify(execFile)("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout: string; stderr: string; code: number }) => {
      if (!error.stderr.startsWith("{")) throw error;
      return error;
    });
    const { messages } = JSON.parse(result.stderr) as {
      messages: { type: string; url: string; lastLine?: number; message: string }[];
    };
    const errors = messages.map((message) => `${path.basename(message.url)}:${message.lastLine}: ${message.message}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it("carries the structured data its page needs, complete and matching what the page shows", () => {
    for (const [name, html] of pages) {
      const blocks = extractJsonLd(html);
      const types = blocks.map((block) => (block as { "@type": string })["@type"]);
      expect(types, name).toEqual(expectedStructuredData[name] ?? []);
      for (const block of blocks) expect(structuredDataProblems(block, html), name).toEqual([]);
    }
  });

  it("shares an og:image that exists, with its alt text", async () => {
    for (const [name, html] of pages) {
      const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
      expect(image, name).toBeDefined();
      expect(html.match(/<meta property="og:image:alt" content="([^"]+)"/)?.[1], name).toBeTruthy();
      expect(html, name).toContain(`<meta name="twitter:image" content="${image}"/>`);
      const response = await fetch(`${server.url}${new URL(image ?? "").pathname}`);
      expect(response.status, `${name}: ${image}`).toBe(200);
      expect(response.headers.get("content-type"), `${name}: ${image}`).toMatch(/^image\//);
    }
  });

  it("links the podcast feed from every page's head", () => {
    for (const [name, html] of pages) {
      expect(html, name).toMatch(
        /<link(?=[^>]*\brel="alternate")(?=[^>]*\btype="application\/rss\+xml")(?=[^>]*\btitle="The Disruption Confessional")(?=[^>]*\bhref="\/podcast\.xml")[^>]*>/,
      );
    }
  });
});

async function sessionCookie(url: string, body: unknown): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, url).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
