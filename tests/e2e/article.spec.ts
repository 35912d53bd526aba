import type { Page } from "@playwright/test";
import { newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { holdRequests, openPage } from "./support";

const DEFAULT_IMAGE = "/images/insights/default.webp";
const main = (page: Page) => page.getByRole("main");
const sourceBox = (page: Page) => page.getByRole("complementary", { name: "Source Attribution" });

/** React Router's data request for the article page's own loader. */
const articleData = (id: string) => (url: URL) =>
  url.pathname === `/insights/${id}.data` && url.searchParams.get("_routes") === "routes/public/insight-article";

test.beforeEach(async ({ page }) => {
  await page.route(`${new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

test.describe("/insights/:id", () => {
  test("an article with sources: title linked out, date, category, author, content, attribution and references", async ({
    page,
  }) => {
    const response = await openPage(page, "/insights/ai-agents-small-business");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("What AI Agents Actually Change for Small Businesses | The Disruption Confessional");

    await expect(main(page).getByRole("link", { name: "Back to Insights" })).toHaveAttribute("href", "/insights");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/^What AI Agents Actually Change for Small Businesses/);
    const titleLink = heading.getByRole("link");
    await expect(titleLink).toHaveAttribute("href", "https://www.example.com/research/ai-agents-smb");
    await expect(titleLink).toHaveAttribute("target", "_blank");
    await expect(titleLink).toHaveAttribute("rel", /noopener/);

    const article = page.getByRole("article");
    await expect(article.getByText("May 6, 2025", { exact: true })).toBeVisible();
    await expect(article.getByText("Technology", { exact: true })).toBeVisible();
    await expect(article.getByText("A", { exact: true })).toBeVisible();
    await expect(article.getByText("Alex Morgan", { exact: true })).toBeVisible();
    await expect(
      article.getByRole("img", { name: "What AI Agents Actually Change for Small Businesses" }),
    ).toHaveAttribute("src", "/images/insights/ai-agents-small-business.webp");
    await expect(article.getByRole("heading", { level: 2, name: "Where agents already pay off" })).toBeVisible();
    await expect(
      article.getByRole("listitem").filter({ hasText: "Scheduling across several calendars." }),
    ).toBeVisible();

    await expect(
      sourceBox(page).getByRole("link", { name: /^Example Research: AI Agents in Small Firms/ }),
    ).toHaveAttribute("href", "https://www.example.com/research/ai-agents-smb");
    await expect(sourceBox(page).getByRole("heading", { name: "Additional References" })).toBeVisible();
    const references = sourceBox(page).getByRole("listitem");
    await expect(references).toHaveCount(1);
    await expect(references.getByRole("link", { name: /^Automation Survey 2025/ })).toHaveAttribute(
      "href",
      "https://www.example.org/survey/automation-2025",
    );
  });

  test("the first HTML response carries the post's head tags as an article", async ({ request, baseURL }) => {
    const html = await (await request.get("/insights/resilient-supply-chains")).text();
    const title = "Building Supply Chains That Bend Instead of Break | The Disruption Confessional";
    const excerpt =
      "Three founders describe the week their supplier disappeared, and the changes that kept their companies shipping.";
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta name="description" content="${excerpt}"/>`);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/insights/resilient-supply-chains"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain(
      `<meta property="og:image" content="${baseURL}/images/insights/resilient-supply-chains.webp"/>`,
    );
    expect(html).toContain(
      '<meta property="og:image:alt" content="Building Supply Chains That Bend Instead of Break"/>',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain(`<meta name="twitter:title" content="${title}"/>`);
    expect(html).toContain(`<meta name="twitter:description" content="${excerpt}"/>`);
    expect(html).toContain(
      `<meta name="twitter:image" content="${baseURL}/images/insights/resilient-supply-chains.webp"/>`,
    );
    expect(html).toMatch(/<h1[^>]*>.*Building Supply Chains That Bend Instead of Break.*<\/h1>/);
  });

  test("an unknown article is not indexed", async ({ request }) => {
    const response = await request.get("/insights/no-such-article");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain("<title>Article Not Found | The Disruption Confessional</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  test("a source without a title is labelled View Original Article; one source means no Additional References", async ({
    page,
  }) => {
    await openPage(page, "/insights/resilient-supply-chains");
    await expect(sourceBox(page).getByRole("link", { name: /^View Original Article/ })).toHaveAttribute(
      "href",
      "https://www.example.com/articles/supply-chain-resilience",
    );
    await expect(sourceBox(page).getByRole("heading", { name: "Additional References" })).toHaveCount(0);
    await expect(page.getByText("April 22, 2025", { exact: true })).toBeVisible();
  });

  test("an article without content shows its excerpt, the in-progress note and Key Takeaways", async ({ page }) => {
    await openPage(page, "/insights/founder-burnout");
    const heading = page.getByRole("heading", { level: 1, name: "The Quiet Cost of Founder Burnout" });
    await expect(heading).toBeVisible();
    await expect(heading.getByRole("link")).toHaveCount(0);
    await expect(sourceBox(page)).toHaveCount(0);
    const article = page.getByRole("article");
    await expect(article.getByText(/^Burnout rarely announces itself\./)).toBeVisible();
    await expect(
      article.getByText("This article is currently being developed. Please check back soon for the full content."),
    ).toBeVisible();
    const takeaways = article.getByRole("region", { name: "Key Takeaways" }).getByRole("listitem");
    await expect(takeaways).toHaveCount(3);
    await expect(takeaways.first()).toContainText("leadership");
    await expect(takeaways.first()).not.toContainText("Leadership");
  });

  test("an unknown id answers 404 with Article Not Found and a way back, and no error toast", async ({
    page,
    notifications,
  }) => {
    const response = await openPage(page, "/insights/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Article Not Found" })).toBeVisible();
    await expect(page.getByText("The article you're looking for doesn't exist or has been removed")).toBeVisible();
    await page.getByRole("link", { name: "Back to Insights" }).click();
    await expect(page).toHaveURL("/insights");
    await expect(notifications.getByRole("listitem")).toHaveCount(0);
  });

  test("an image that fails to load falls back to the default image", async ({ page }) => {
    await page.route("**/images/insights/founder-burnout.webp", (route) => route.fulfill({ status: 404 }));
    await openPage(page, "/insights/founder-burnout");
    await expect(page.getByRole("img", { name: "The Quiet Cost of Founder Burnout" })).toHaveAttribute(
      "src",
      DEFAULT_IMAGE,
    );
  });

  test.describe("client-side navigation", () => {
    test("shows the article skeleton until the article arrives", async ({ page }) => {
      await openPage(page, "/insights");
      const release = await holdRequests(page, articleData("founder-burnout"));
      await page.getByRole("link", { name: "The Quiet Cost of Founder Burnout" }).click();
      await expect(page.getByRole("status", { name: "Loading article" })).toBeVisible();
      release();
      await expect(page.getByRole("heading", { level: 1, name: "The Quiet Cost of Founder Burnout" })).toBeVisible();
      await expect(page.getByRole("status", { name: "Loading article" })).toHaveCount(0);
    });

    for (const [failure, handle] of [
      ["a server error", (route) => route.fulfill({ status: 500, body: "Internal Server Error" })],
      ["a network failure", (route) => route.abort("failed")],
    ] as const satisfies ReadonlyArray<readonly [string, Parameters<Page["route"]>[1]]>) {
      test(`${failure} shows the destructive Error toast and Article Not Found`, async ({ page, notifications }) => {
        await openPage(page, "/insights");
        await page.route(articleData("ai-agents-small-business"), handle);
        await page.getByRole("link", { name: "What AI Agents Actually Change for Small Businesses" }).click();
        await expect(page).toHaveURL("/insights/ai-agents-small-business");
        const toast = notifications.getByRole("listitem");
        await expect(toast.getByText("Error", { exact: true })).toBeVisible();
        await expect(toast.getByText("Failed to load the article. Please try again later.")).toBeVisible();
        await expect(toast).toHaveClass(/destructive/);
        await expect(page.getByRole("heading", { level: 1, name: "Article Not Found" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Back to Insights" })).toHaveAttribute("href", "/insights");
      });
    }
  });
});
