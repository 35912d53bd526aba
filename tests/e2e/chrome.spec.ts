import { expect, type Page, test } from "@playwright/test";
import { defaultSiteSettings, newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { gapBelowHeader, makeHomePageTall, openPage, pauseClock, smallScriptRun } from "./support";

const DISMISSED_KEY = "analytics-notice-dismissed";
const embedUrl = newsletterLinks(E2E_NEWSLETTER_URL).embedUrl;

/** The newsletter platform is out of reach here; a stub answers for it so no test waits on the network. */
async function stubNewsletter(page: Page) {
  await page.route(`${new URL(embedUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
}

/**
 * Opens a hydrated page, then waits for the footer's frame to get its timestamp: effects' state updates, such as the
 * cookie notice's, are committed in that same render, so a check that something stays hidden is meaningful.
 */
async function gotoHydrated(page: Page, path: string) {
  const response = await openPage(page, path);
  await expect(page.getByRole("contentinfo").locator("iframe")).toHaveAttribute("src", /[?&]t=\d+/);
  return response;
}

const header = (page: Page) => page.locator("[data-site-header]");
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.beforeEach(async ({ page }) => {
  await stubNewsletter(page);
});

test.describe("header", () => {
  test("is transparent at the top and turns opaque with blur once scrolled", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(header(page)).toHaveAttribute("data-scrolled", "false");
    expect(await header(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgba(0, 0, 0, 0)");

    await page.mouse.wheel(0, 400);
    await expect(header(page)).toHaveAttribute("data-scrolled", "true");
    await expect
      .poll(() => header(page).evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe("rgba(0, 0, 0, 0)");
    expect(await header(page).evaluate((el) => getComputedStyle(el).backdropFilter)).toContain("blur");

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header(page)).toHaveAttribute("data-scrolled", "false");
  });

  test("shows the brand linking home and the five nav links", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await expect(page.getByRole("banner").getByRole("link", { name: defaultSiteSettings.showName })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(mainNav(page).getByRole("link")).toHaveText(["Home", "About", "Podcast", "Contact", "Briefing"]);
  });

  test("on the home page, Podcast scrolls its section below the header, sets the hash and becomes current", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await makeHomePageTall(page);
    await expect(mainNav(page).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

    await mainNav(page).getByRole("link", { name: "Podcast" }).click();
    await expect.poll(() => gapBelowHeader(page, "podcast")).toBeLessThanOrEqual(2);
    await expect(page).toHaveURL(/\/#podcast$/);
    await expect(mainNav(page).getByRole("link", { name: "Podcast" })).toHaveAttribute("aria-current", "page");
    await expect(mainNav(page).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  test("on the home page, Contact scrolls to its section and sets the hash without reloading", async ({ page }) => {
    await gotoHydrated(page, "/");
    await makeHomePageTall(page);
    await page.evaluate(() => {
      (window as Window & { notReloaded?: boolean }).notReloaded = true;
    });

    await mainNav(page).getByRole("link", { name: "Contact" }).click();
    await expect.poll(() => gapBelowHeader(page, "contact")).toBeLessThanOrEqual(2);
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(mainNav(page).getByRole("link", { name: "Contact" })).toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => (window as Window & { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test("on the home page, Home scrolls back to the top and clears the hash", async ({ page }) => {
    await gotoHydrated(page, "/");
    await makeHomePageTall(page);
    await mainNav(page).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);

    await mainNav(page).getByRole("link", { name: "Home" }).click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });

  test("a link to a missing section only logs a warning", async ({ page }) => {
    const warnings: string[] = [];
    const errors: Error[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error));
    await gotoHydrated(page, "/");
    await page.evaluate(() => {
      const section = document.getElementById("contact");
      if (section) section.id = "contact-moved";
    });

    await mainNav(page).getByRole("link", { name: "Contact" }).click();
    await expect.poll(() => warnings.join("\n")).toContain('"contact"');
    expect(await scrollY(page)).toBe(0);
    expect(errors).toEqual([]);
  });

  test("the active item follows a hash in the address on arrival", async ({ page }) => {
    await gotoHydrated(page, "/#podcast");
    await expect(mainNav(page).getByRole("link", { name: "Podcast" })).toHaveAttribute("aria-current", "page");
    await expect(mainNav(page).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  test("off the home page, Podcast and Contact navigate to their routes and become current", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await expect(mainNav(page).getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");

    await mainNav(page).getByRole("link", { name: "Podcast" }).click();
    await expect(page).toHaveURL(/\/podcast$/);
    await expect(mainNav(page).getByRole("link", { name: "Podcast" })).toHaveAttribute("aria-current", "page");

    await mainNav(page).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(mainNav(page).getByRole("link", { name: "Contact" })).toHaveAttribute("aria-current", "page");

    await mainNav(page).getByRole("link", { name: "Briefing" }).click();
    await expect(page).toHaveURL(/\/briefing$/);

    await mainNav(page).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(mainNav(page).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });

  test("has labelled icon links to the short-message network and the video platform, with tooltips", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const banner = page.getByRole("banner");
    for (const platform of ["twitter", "youtube"] as const) {
      const profile = defaultSiteSettings.social.find((entry) => entry.platform === platform);
      if (!profile) throw new Error(`no ${platform} profile in the site config`);
      const link = banner.getByRole("link", { name: profile.label });
      await expect(link).toHaveAttribute("href", profile.url);
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      await link.hover();
      await expect(page.getByRole("tooltip", { name: profile.label })).toBeVisible();
      await page.mouse.move(0, 400, { steps: 10 });
      await expect(page.getByRole("tooltip")).toHaveCount(0);
    }
  });

  test("tooltips open after 700 ms, and at once when another opens within 300 ms of one closing", async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, "/");
    await pauseClock(page);
    const banner = page.getByRole("banner");
    const [twitter, youtube] = ["twitter", "youtube"].map((platform) => {
      const profile = defaultSiteSettings.social.find((entry) => entry.platform === platform);
      if (!profile) throw new Error(`no ${platform} profile in the site config`);
      return profile;
    });

    await banner.getByRole("link", { name: twitter.label }).hover();
    await page.clock.runFor(650);
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(page.getByRole("tooltip", { name: twitter.label })).toBeVisible();

    await page.mouse.move(0, 400, { steps: 5 });
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await page.clock.runFor(100);
    await banner.getByRole("link", { name: youtube.label }).hover();
    await page.clock.runFor(100);
    await expect(page.getByRole("tooltip", { name: youtube.label })).toBeVisible();

    await page.mouse.move(0, 400, { steps: 5 });
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await page.clock.runFor(400);
    await banner.getByRole("link", { name: twitter.label }).hover();
    await page.clock.runFor(650);
    await expect(page.getByRole("tooltip")).toHaveCount(0);
  });
});

test.describe("account menu", () => {
  const trigger = (page: Page) => page.getByRole("button", { name: "Account menu" });

  test("opens with Sign In and the sign-up note, and closes on an outside click", async ({ page }) => {
    await gotoHydrated(page, "/");
    await trigger(page).click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(trigger(page)).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("menuitem", { name: "Sign In" })).toBeVisible();
    await expect(menu.getByText("Sign up to get notified about new episodes and exclusive updates")).toBeVisible();
    const animation = await menu.evaluate((el) => getComputedStyle(el).animationDuration);
    expect(animation).toBe("0.2s");

    await page.mouse.click(200, 600);
    await expect(menu).toBeHidden();
    await expect(trigger(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("closes on Escape and gives focus back to the avatar button", async ({ page }) => {
    await gotoHydrated(page, "/");
    await trigger(page).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(trigger(page)).toBeFocused();
  });
});

test.describe("mobile menu", { tag: "@mobile" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const menuButton = (page: Page) => page.getByRole("button", { name: /^(Open|Close) menu$/ });
  const mobileNav = (page: Page) => page.getByRole("navigation", { name: "Mobile" });

  test("opens a panel that repeats the nav and offers Sign In / Join, and closes after a link", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await expect(mainNav(page)).toBeHidden();
    await expect(mobileNav(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAccessibleName("Open menu");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");

    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAccessibleName("Close menu");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    const panelId = await menuButton(page).getAttribute("aria-controls");
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain("0.3s");
    await expect(mobileNav(page).getByRole("link")).toHaveText(["Home", "About", "Podcast", "Contact", "Briefing"]);
    await expect(mobileNav(page).getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(mobileNav(page).getByRole("link", { name: "Home" })).toBeFocused();
    await expect(panel.getByRole("button", { name: "Sign In / Join" })).toBeVisible();

    await mobileNav(page).getByRole("link", { name: "Podcast" }).click();
    await expect(page).toHaveURL(/\/podcast$/);
    await expect(panel).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("closes on Escape and returns focus to the menu button", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await menuButton(page).click();
    await expect(mobileNav(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mobileNav(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("on the home page its links scroll to the section and set the hash", async ({ page }) => {
    await gotoHydrated(page, "/");
    await makeHomePageTall(page);
    await menuButton(page).click();
    await mobileNav(page).getByRole("link", { name: "Contact" }).click();
    await expect(mobileNav(page)).toBeHidden();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect.poll(() => gapBelowHeader(page, "contact")).toBeLessThanOrEqual(2);
  });
});

test("the mobile menu button is hidden at the md breakpoint and wider", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await gotoHydrated(page, "/");
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  await expect(mainNav(page)).toBeVisible();
});

test.describe("footer", () => {
  const footer = (page: Page) => page.getByRole("contentinfo");

  test("has the brand blurb and the four titled blocks", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await expect(footer(page).getByText(defaultSiteSettings.description)).toBeVisible();
    for (const title of ["Site Map", "Listen On", "Subscribe to The Briefing", "Connect With Us"]) {
      await expect(footer(page).getByRole("heading", { name: title, level: 2 })).toBeVisible();
    }
  });

  test("site map links go to their routes off the home page", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const siteMap = footer(page).getByRole("navigation", { name: "Site Map" });
    const expected = [
      ["Home", "/"],
      ["The Briefing", "/briefing"],
      ["Podcast", "/podcast"],
      ["Contact", "/contact"],
      ["Become a Guest", "/guest-application"],
    ];
    await expect(siteMap.getByRole("link")).toHaveText(expected.map(([label]) => label));
    for (const [label, href] of expected) {
      await expect(siteMap.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await siteMap.getByRole("link", { name: "The Briefing" }).click();
    await expect(page).toHaveURL(/\/briefing$/);
  });

  test("on the home page, site map links scroll to their sections instead of navigating", async ({ page }) => {
    await gotoHydrated(page, "/");
    await makeHomePageTall(page);
    const siteMap = footer(page).getByRole("navigation", { name: "Site Map" });

    await siteMap.getByRole("link", { name: "The Briefing" }).click();
    await expect.poll(() => gapBelowHeader(page, "briefing")).toBeLessThanOrEqual(2);
    await expect(page).toHaveURL(/\/#briefing$/);

    await siteMap.getByRole("link", { name: "Podcast" }).click();
    await expect.poll(() => gapBelowHeader(page, "podcast")).toBeLessThanOrEqual(2);
    await expect(page).toHaveURL(/\/#podcast$/);

    await siteMap.getByRole("link", { name: "Home" }).click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(page).toHaveURL(/\/$/);

    await siteMap.getByRole("link", { name: "Become a Guest" }).click();
    await expect(page).toHaveURL(/\/guest-application$/);
  });

  test("lists the five Listen On services as external links", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const links = footer(page).getByRole("list", { name: "Listen On" }).getByRole("link");
    await expect(links).toHaveText(defaultSiteSettings.listenOn.map(({ label }) => label));
    expect(defaultSiteSettings.listenOn).toHaveLength(5);
    for (const [index, { url }] of defaultSiteSettings.listenOn.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", url);
      await expect(links.nth(index)).toHaveAttribute("target", "_blank");
      await expect(links.nth(index)).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("has seven labelled social links with the configured addresses", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const links = footer(page).getByRole("list", { name: "Connect With Us" }).getByRole("link");
    await expect(links).toHaveCount(7);
    const platforms = defaultSiteSettings.social.map(({ platform }) => platform);
    expect(platforms).toEqual(["twitter", "youtube", "linkedin", "instagram", "bluesky", "tiktok", "facebook"]);
    for (const [index, { label, url }] of defaultSiteSettings.social.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(label);
      await expect(links.nth(index)).toHaveAttribute("href", url);
      await expect(links.nth(index)).toHaveAttribute("target", "_blank");
      await expect(links.nth(index)).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("embeds the newsletter form 120 px high with a timestamp, and the privacy note", async ({ page }) => {
    const before = Date.now();
    await gotoHydrated(page, "/about");
    const frame = footer(page).locator("iframe");
    await expect(frame).toHaveAttribute("height", "120");
    await expect(frame).toHaveAttribute("title", /.+/);
    await expect(frame).toHaveAttribute("loading", "lazy");
    const src = new URL((await frame.getAttribute("src")) ?? "");
    expect(`${src.origin}${src.pathname}`).toBe(embedUrl);
    expect(Number(src.searchParams.get("t"))).toBeGreaterThanOrEqual(before);
    await expect(footer(page).getByText("We respect your privacy. Unsubscribe at any time.")).toBeVisible();
  });

  test("shows the copyright with the current year and the legal links", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await expect(
      footer(page).getByText(`© ${new Date().getFullYear()} ${defaultSiteSettings.showName}. All rights reserved.`),
    ).toBeVisible();
    const legal = footer(page).getByRole("navigation", { name: "Legal" });
    await expect(legal.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(legal.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    await expect(legal.getByRole("link", { name: "Cookie Policy" })).toHaveAttribute("href", "/cookie-policy");
    await legal.getByRole("link", { name: "Cookie Policy" }).click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
  });
});

test.describe("cookie notice", () => {
  const notice = (page: Page) => page.getByRole("region", { name: "Cookie notice" });
  const text =
    "It appears that third-party cookies are blocked in your browser. Some features like analytics and preferences may not work correctly.";

  /** A browser that refuses every cookie set from script, as one blocking cookies does. */
  async function blockCookies(page: Page) {
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, "cookie", { configurable: true, get: () => "", set: () => {} });
    });
  }

  test("shows when the test cookie cannot be set; Got it hides it for good", async ({ page }) => {
    await blockCookies(page);
    await gotoHydrated(page, "/");
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toContainText(text);

    await notice(page).getByRole("button", { name: "Got it" }).click();
    await expect(notice(page)).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), DISMISSED_KEY)).toBe("true");

    await page.reload();
    await expect(page.getByRole("contentinfo").locator("iframe")).toHaveAttribute("src", /[?&]t=\d+/);
    await expect(notice(page)).toBeHidden();
  });

  test("shows when the browser reports cookies as disabled", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "cookieEnabled", { configurable: true, get: () => false });
    });
    await gotoHydrated(page, "/about");
    await expect(notice(page)).toBeVisible();
  });

  test("stays hidden when a dismissal is stored, even with cookies blocked", async ({ page }) => {
    await blockCookies(page);
    await page.addInitScript((key) => localStorage.setItem(key, "true"), DISMISSED_KEY);
    await gotoHydrated(page, "/");
    await expect(notice(page)).toBeHidden();
  });

  test("on a page without React, its small script shows the notice; Got it hides it for good with no request", async ({
    page,
  }) => {
    await blockCookies(page);
    const dismissalPosts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") dismissalPosts.push(request.url());
    });
    await openPage(page, "/terms-of-service");
    await expect(page.locator("html")).toHaveAttribute("data-page-scripts", "none");
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toHaveCount(1);
    await expect(notice(page)).toContainText(text);

    await notice(page).getByRole("button", { name: "Got it" }).click();
    await expect(notice(page)).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), DISMISSED_KEY)).toBe("true");
    expect(dismissalPosts).toEqual([]);
    await expect(page).toHaveURL(/\/terms-of-service$/);

    await page.reload();
    await expect(notice(page)).toBeHidden();
  });

  test("on a page without React, stays hidden when the test cookie can be set", async ({ page, context }) => {
    const ran = await smallScriptRun(page);
    await page.goto("/links");
    await expect(page.locator("html")).toHaveAttribute("data-page-scripts", "none");
    await ran();
    await expect(notice(page)).toBeHidden();
    expect((await context.cookies()).map(({ name }) => name)).not.toContain("cookie_test");
  });

  test("on a page without React, the small script is requested only after the page's first contentful paint", async ({
    page,
  }) => {
    const ran = await smallScriptRun(page);
    await page.goto("/terms-of-service");
    await ran();
    const [firstPaint, scriptRequested] = await page.evaluate(() => [
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      performance.getEntriesByType("resource").find((entry) => entry.name.includes("/assets/script-free-page-"))
        ?.startTime,
    ]);
    expect(firstPaint).toBeGreaterThan(0);
    expect(scriptRequested).toBeGreaterThan(firstPaint ?? Number.POSITIVE_INFINITY);
  });

  test("stays hidden when the test cookie can be set, and leaves no test cookie behind", async ({ page, context }) => {
    await gotoHydrated(page, "/");
    await expect(notice(page)).toBeHidden();
    expect((await context.cookies()).map(({ name }) => name)).not.toContain("cookie_test");
  });
});

test.describe("not-found page", () => {
  test("answers 404 and its Return Home link goes to /", async ({ page }) => {
    const response = await gotoHydrated(page, "/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await page.getByRole("main").getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(defaultSiteSettings.showName);
  });
});
