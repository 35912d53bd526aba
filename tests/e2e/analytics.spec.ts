import type { Page } from "@playwright/test";
import { GTAG_SCRIPT_URL } from "../../app/lib/analytics";
import { defaultSiteSettings, newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

/**
 * The analytics tag against a second built server that has a measurement id. The tag's script is replaced by a stub,
 * so window.dataLayer keeps every command the site queued, as the real tag would read them.
 */
const MEASUREMENT_ID = "G-E2ETEST1";
const TAG_URL = `${GTAG_SCRIPT_URL}?id=${MEASUREMENT_ID}`;
const embedOrigin = new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin;

type DataLayerEntry = [string, ...unknown[]];

const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map(
      (entry) => Array.from(entry) as DataLayerEntry,
    ),
  );

const eventsNamed = async (page: Page, name: string) =>
  (await dataLayer(page)).filter((entry) => entry[0] === "event" && entry[1] === name).map((entry) => entry[2]);

// Only the tests that ask for builtServer start it.
test.use({ builtServerEnv: { GA_MEASUREMENT_ID: MEASUREMENT_ID, NEWSLETTER_URL: E2E_NEWSLETTER_URL } });

test.describe("with a measurement id", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeEach(async ({ page }) => {
    await page.route(`${GTAG_SCRIPT_URL}?*`, (route) =>
      route.fulfill({ contentType: "text/javascript", body: "window.tagStubLoaded = true;" }),
    );
    await page.route(`${embedOrigin}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
    );
  });

  test("the tag loads asynchronously with advertising consent denied, then the first page view is sent", async ({
    page,
    builtServer,
  }) => {
    const tagRequest = page.waitForRequest(TAG_URL);
    await openPage(page, `${builtServer.url}/about`);
    await tagRequest;
    await expect(page.locator(`script[src="${TAG_URL}"]`)).toHaveJSProperty("async", true);
    await expect.poll(() => page.evaluate(() => "tagStubLoaded" in window)).toBe(true);

    await expect.poll(async () => (await eventsNamed(page, "page_view")).length).toBe(1);
    const [consent, js, config, pageView] = await dataLayer(page);
    expect(consent).toEqual([
      "consent",
      "default",
      { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "granted" },
    ]);
    expect(js[0]).toBe("js");
    expect(config).toEqual([
      "config",
      MEASUREMENT_ID,
      { send_page_view: false, allow_google_signals: false, allow_ad_personalization_signals: false },
    ]);
    expect(pageView).toEqual([
      "event",
      "page_view",
      {
        page_path: "/about",
        page_location: `${builtServer.url}/about`,
        page_title: `About | ${defaultSiteSettings.showName}`,
      },
    ]);
  });

  test("a page without React sends its page view from its small script and loads no React", async ({
    page,
    builtServer,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await openPage(page, `${builtServer.url}/terms-of-service`);
    await expect(page.locator("html")).toHaveAttribute("data-page-scripts", "none");
    await expect
      .poll(() => eventsNamed(page, "page_view"))
      .toEqual([
        {
          page_path: "/terms-of-service",
          page_location: `${builtServer.url}/terms-of-service`,
          page_title: await page.title(),
        },
      ]);
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/script-free-page-[\w-]+\.js$/), "/gtag/js"]);
  });

  test("every navigation sends a page view with the new page's title", async ({ page, builtServer }) => {
    await openPage(page, `${builtServer.url}/about`);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(`${builtServer.url}/contact`);
    await expect
      .poll(() => eventsNamed(page, "page_view"))
      .toEqual([
        {
          page_path: "/about",
          page_location: `${builtServer.url}/about`,
          page_title: `About | ${defaultSiteSettings.showName}`,
        },
        {
          page_path: "/contact",
          page_location: `${builtServer.url}/contact`,
          page_title: `Contact | ${defaultSiteSettings.showName}`,
        },
      ]);
  });

  test("the newsletter frames report newsletter_signup labelled main_content and footer when they load", async ({
    page,
    builtServer,
  }) => {
    await openPage(page, `${builtServer.url}/briefing`);
    await expect(page.locator("html")).toHaveAttribute("data-page-scripts", "none");
    // The footer's frame is lazy: it may load at once or only when scrolled near, so the order of the two varies.
    await page.getByTitle("Subscribe to The Briefing newsletter").last().scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await eventsNamed(page, "newsletter_signup")).map((event) => JSON.stringify(event)).sort())
      .toEqual([
        JSON.stringify({ event_category: "newsletter", event_label: "footer" }),
        JSON.stringify({ event_category: "newsletter", event_label: "main_content" }),
      ]);
  });

  test("a social link's click is reported with its platform as the label", async ({ page, context, builtServer }) => {
    await context.route("https://www.linkedin.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Profile</title>" }),
    );
    await openPage(page, `${builtServer.url}/links`);
    await expect(page.locator("html")).toHaveAttribute("data-page-scripts", "none");
    const popup = page.waitForEvent("popup");
    await page.getByRole("main").getByRole("link", { name: "LinkedIn" }).click();
    await popup;
    expect(await eventsNamed(page, "social_click")).toEqual([{ event_category: "social", event_label: "linkedin" }]);
  });

  test("a blocked tag only logs a warning; the page keeps working", async ({ page, builtServer }) => {
    await page.unroute(`${GTAG_SCRIPT_URL}?*`);
    await page.route(`${GTAG_SCRIPT_URL}?*`, (route) => route.abort("blockedbyclient"));
    const pageErrors: Error[] = [];
    page.on("pageerror", (error) => pageErrors.push(error));
    const warning = page.waitForEvent(
      "console",
      (message) =>
        message.type() === "warning" &&
        message.text() === "Analytics could not be loaded (blocked or offline); the site works without it.",
    );
    await openPage(page, `${builtServer.url}/podcast`);
    await warning;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About the Host");
    expect(pageErrors).toEqual([]);
  });
});

test("without a measurement id nothing is loaded or queued", async ({ page }) => {
  const tagRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith("https://www.googletagmanager.com/")) tagRequests.push(request.url());
  });
  await openPage(page, "/about");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join the Conversation");
  const globals = await page.evaluate(() => {
    const analyticsWindow = window as unknown as Record<string, unknown>;
    return { gtag: typeof analyticsWindow.gtag, dataLayer: typeof analyticsWindow.dataLayer };
  });
  expect(globals).toEqual({
    gtag: "undefined",
    dataLayer: "undefined",
  });
  await expect(page.locator('script[src^="https://www.googletagmanager.com/"]')).toHaveCount(0);
  expect(tagRequests).toEqual([]);
});
