import type { Page } from "@playwright/test";
import { newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { holdRequests, openPage } from "./support";

const POSTS = [
  { id: "ai-agents-small-business", title: "What AI Agents Actually Change for Small Businesses" },
  { id: "resilient-supply-chains", title: "Building Supply Chains That Bend Instead of Break" },
  { id: "founder-burnout", title: "The Quiet Cost of Founder Burnout" },
];

const DEFAULT_IMAGE = "/images/insights/default.webp";

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const card = (page: Page, title: string) => page.getByRole("article", { name: title });
const shareButton = (page: Page, title: string) => page.getByRole("button", { name: `Share "${title}"` });
const skeletons = (page: Page) => page.getByRole("list", { name: "Loading insights" }).getByRole("listitem");

/** React Router's data request for the insights page's own loader (the root's loader is fetched separately). */
const insightsPageData = (url: URL) =>
  url.pathname === "/insights.data" && url.searchParams.get("_routes") === "routes/public/insights";

test.beforeEach(async ({ page }) => {
  await page.route(`${new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

test.describe("/insights", () => {
  test("arrives server-rendered with the posts and no skeleton", async ({ request }) => {
    const response = await request.get("/insights");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const post of POSTS) expect(html).toContain(post.title);
    expect(html).not.toContain("Loading insights");
  });

  test("lists the posts as cards linking to their articles, with Latest Insights and View All Insights", async ({
    page,
  }) => {
    await openPage(page, "/insights");
    await expect(page.getByRole("heading", { level: 1, name: "Latest Insights" })).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    for (const post of POSTS) {
      await expect(card(page, post.title).getByRole("link", { name: post.title })).toHaveAttribute(
        "href",
        `/insights/${post.id}`,
      );
    }
    await expect(page.getByRole("link", { name: "View All Insights" })).toHaveAttribute("href", "/insights");
    await card(page, POSTS[1].title).getByRole("link", { name: POSTS[1].title }).click();
    await expect(page).toHaveURL(`/insights/${POSTS[1].id}`);
    await expect(page.getByRole("heading", { level: 1, name: POSTS[1].title })).toBeVisible();
  });

  test("cards enter one after another, 0.1 s apart", async ({ page }) => {
    await openPage(page, "/insights");
    const delays = await page
      .getByRole("main")
      .getByRole("listitem")
      .evaluateAll((items) => items.map((item) => getComputedStyle(item).animationDelay));
    expect(delays).toEqual(["0s", "0.1s", "0.2s"]);
    const name = await page
      .getByRole("main")
      .getByRole("listitem")
      .first()
      .evaluate((item) => getComputedStyle(item).animationName);
    expect(name).toBe("card-in");
  });

  test("each card shows its category, long date and the author's initial and name", async ({ page }) => {
    await openPage(page, "/insights");
    const first = card(page, POSTS[0].title);
    await expect(first.getByText("Technology", { exact: true })).toBeVisible();
    await expect(first.getByText("May 6, 2025", { exact: true })).toBeVisible();
    await expect(first.getByText("Alex Morgan", { exact: true })).toBeVisible();
    await expect(first.getByText("A", { exact: true })).toBeVisible();
    await expect(card(page, POSTS[1].title).getByText("J", { exact: true })).toBeVisible();
  });

  test("a card image that fails to load, even before hydration, falls back to the default image", async ({ page }) => {
    await page.route("**/images/insights/resilient-supply-chains.webp", (route) => route.fulfill({ status: 404 }));
    await openPage(page, "/insights");
    await expect(card(page, POSTS[1].title).locator("img")).toHaveAttribute("src", DEFAULT_IMAGE);
    await expect(card(page, POSTS[0].title).locator("img")).toHaveAttribute(
      "src",
      "/images/insights/ai-agents-small-business.webp",
    );
  });

  test.describe("share menu", () => {
    test("offers the professional and short-message networks with the title and the article's address", async ({
      page,
      baseURL,
    }) => {
      await openPage(page, "/insights");
      await shareButton(page, POSTS[0].title).click();
      const menu = page.getByRole("menu");
      const articleUrl = `${baseURL}/insights/${POSTS[0].id}`;

      const linkedin = new URL(
        (await menu.getByRole("menuitem", { name: "Share on LinkedIn" }).getAttribute("href")) ?? "",
      );
      expect(linkedin.origin + linkedin.pathname).toBe("https://www.linkedin.com/shareArticle");
      expect(linkedin.searchParams.get("url")).toBe(articleUrl);
      expect(linkedin.searchParams.get("title")).toBe(POSTS[0].title);

      const twitter = new URL(
        (await menu.getByRole("menuitem", { name: "Share on X (Twitter)" }).getAttribute("href")) ?? "",
      );
      expect(twitter.origin + twitter.pathname).toBe("https://twitter.com/intent/tweet");
      expect(twitter.searchParams.get("url")).toBe(articleUrl);
      expect(twitter.searchParams.get("text")).toBe(POSTS[0].title);

      for (const name of ["Share on LinkedIn", "Share on X (Twitter)"]) {
        const item = menu.getByRole("menuitem", { name });
        await expect(item).toHaveAttribute("target", "_blank");
        await expect(item).toHaveAttribute("rel", /noopener/);
      }
    });

    test("opening the intent closes the menu", async ({ page, context }) => {
      await context.route("https://twitter.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>intent</title>" }),
      );
      await openPage(page, "/insights");
      await shareButton(page, POSTS[0].title).click();
      const popup = page.waitForEvent("popup");
      await page.getByRole("menuitem", { name: "Share on X (Twitter)" }).click();
      expect((await popup).url()).toMatch(/^https:\/\/twitter\.com\/intent\/tweet\?/);
      await expect(page.getByRole("menu")).toHaveCount(0);
    });

    test("copy link puts the article's address on the clipboard and closes the menu", async ({
      page,
      context,
      baseURL,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await openPage(page, "/insights");
      await shareButton(page, POSTS[2].title).click();
      await page.getByRole("menuitem", { name: "Copy link", exact: true }).click();
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()))
        .toBe(`${baseURL}/insights/${POSTS[2].id}`);
    });

    test("the photo-sharing item copies the link, then opens Instagram", async ({ page, context, baseURL }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await context.route("https://www.instagram.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>Instagram</title>" }),
      );
      await openPage(page, "/insights");
      await shareButton(page, POSTS[1].title).click();
      const popup = page.waitForEvent("popup");
      await page.getByRole("menuitem", { name: "Copy link and open Instagram" }).click();
      expect((await popup).url()).toBe("https://www.instagram.com/");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/insights/${POSTS[1].id}`);
      await expect(page.getByRole("menu")).toHaveCount(0);
    });

    test("a copy failure is only logged", async ({ page, notifications }) => {
      await page.addInitScript(() => {
        Object.defineProperty(navigator, "clipboard", {
          configurable: true,
          value: { writeText: () => Promise.reject(new Error("denied")) },
        });
      });
      await openPage(page, "/insights");
      const logged = page.waitForEvent("console", (message) => message.type() === "error");
      await shareButton(page, POSTS[0].title).click();
      await page.getByRole("menuitem", { name: "Copy link", exact: true }).click();
      expect((await logged).text()).toContain("Could not copy the link");
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(notifications.getByRole("listitem")).toHaveCount(0);
    });

    test("only one menu is open at a time, and an outside click closes it", async ({ page }) => {
      await openPage(page, "/insights");
      await shareButton(page, POSTS[0].title).click();
      await expect(page.getByRole("menu")).toHaveCount(1);
      await shareButton(page, POSTS[1].title).click();
      await expect(page.getByRole("menu")).toHaveCount(1);
      await expect(shareButton(page, POSTS[1].title)).toHaveAttribute("aria-expanded", "true");
      await expect(shareButton(page, POSTS[0].title)).toHaveAttribute("aria-expanded", "false");

      await page.getByRole("heading", { level: 1, name: "Latest Insights" }).click();
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(shareButton(page, POSTS[1].title)).toHaveAttribute("aria-expanded", "false");
    });

    test("opens from the keyboard and closes with Escape", async ({ page }) => {
      await openPage(page, "/insights");
      await shareButton(page, POSTS[0].title).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menuitem", { name: "Share on LinkedIn" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(shareButton(page, POSTS[0].title)).toBeFocused();
    });

    test("a press before the menu's code has arrived opens the menu once it does", async ({ page }) => {
      await openPage(page, "/insights");
      const release = await holdRequests(page, (url) => /\/scripted-share-menu-[\w-]+\.js$/.test(url.pathname));
      await shareButton(page, POSTS[0].title).click();
      await expect(page.getByRole("menu")).toHaveCount(0);
      release();
      await expect(page.getByRole("menuitem", { name: "Share on LinkedIn" })).toBeVisible();
      await expect(shareButton(page, POSTS[0].title)).toHaveAttribute("aria-expanded", "true");
    });

    test("Enter before the menu's code has arrived opens it with focus on its first item", async ({ page }) => {
      await openPage(page, "/insights");
      const release = await holdRequests(page, (url) => /\/scripted-share-menu-[\w-]+\.js$/.test(url.pathname));
      await shareButton(page, POSTS[0].title).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menu")).toHaveCount(0);
      release();
      await expect(page.getByRole("menuitem", { name: "Share on LinkedIn" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(shareButton(page, POSTS[0].title)).toBeFocused();
    });
  });

  test.describe("refresh", () => {
    test("shows Refreshing Insights, then Fresh Insights Loaded with the new posts", async ({ page, expectToast }) => {
      await openPage(page, "/insights");
      const release = await holdRequests(page, "**/api/insights");
      await page.getByRole("button", { name: "Refresh" }).click();
      await expectToast("Refreshing Insights");
      await expect(page.getByRole("button", { name: "Refreshing..." })).toBeDisabled();
      release();
      await expectToast("Fresh Insights Loaded");
      await expect(cards(page)).toHaveCount(3);
      await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();
    });

    test("a post without an image gets the default image", async ({ page }) => {
      await openPage(page, "/insights");
      await page.route("**/api/insights", (route) =>
        route.fulfill({
          json: {
            success: true,
            message: "Insights retrieved",
            data: [
              {
                id: "no-image",
                title: "A Post Without a Picture",
                excerpt: "Nothing to show.",
                date: "2025-06-01T09:00:00.000Z",
                category: "Tests",
                author: { name: "zoe", avatarUrl: null },
                content: "",
              },
            ],
          },
        }),
      );
      await page.getByRole("button", { name: "Refresh" }).click();
      const refreshed = card(page, "A Post Without a Picture");
      await expect(refreshed.locator("img")).toHaveAttribute("src", DEFAULT_IMAGE);
      await expect(refreshed.getByText("Z", { exact: true })).toBeVisible();
      await expect(cards(page)).toHaveCount(1);
    });

    test("a failed refresh shows Error / Failed to refresh insights and keeps the posts", async ({
      page,
      expectToast,
    }) => {
      await openPage(page, "/insights");
      await page.route("**/api/insights", (route) => route.fulfill({ status: 500, json: { success: false } }));
      await page.getByRole("button", { name: "Refresh" }).click();
      await expectToast("Error", "Failed to refresh insights");
      await expect(cards(page)).toHaveCount(3);
    });
  });

  test.describe("client-side navigation", () => {
    test("shows three skeleton cards until the posts arrive", async ({ page }) => {
      await openPage(page, `/insights/${POSTS[2].id}`);
      const release = await holdRequests(page, insightsPageData);
      await page.getByRole("link", { name: "Back to Insights" }).click();
      await expect(skeletons(page)).toHaveCount(3);
      await expect(page.getByRole("heading", { level: 1, name: "Latest Insights" })).toBeVisible();
      release();
      await expect(cards(page)).toHaveCount(3);
      await expect(skeletons(page)).toHaveCount(0);
    });

    test("a failed load says Failed to load insights", async ({ page }) => {
      await openPage(page, `/insights/${POSTS[2].id}`);
      await page.route(insightsPageData, (route) => route.abort("failed"));
      await page.getByRole("link", { name: "Back to Insights" }).click();
      await expect(page.getByRole("alert").getByText("Failed to load insights")).toBeVisible();
    });
  });
});
