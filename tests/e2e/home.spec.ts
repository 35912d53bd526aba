import { expect, type Page, test } from "@playwright/test";
import { defaultSiteSettings, newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { gapBelowHeader, makeHomePageTall, openPage } from "./support";

const embedUrl = newsletterLinks(E2E_NEWSLETTER_URL).embedUrl;

test.beforeEach(async ({ page }) => {
  // The newsletter platform is out of reach here; a stub answers for it.
  await page.route(`${new URL(embedUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

const main = (page: Page) => page.getByRole("main");

test.describe("home page", () => {
  test("has the hero with the show's name and tagline, and every section anchor", async ({ page }) => {
    await openPage(page, "/");
    await expect(page.getByRole("heading", { level: 1, name: defaultSiteSettings.showName })).toBeVisible();
    await expect(main(page).getByText(defaultSiteSettings.tagline)).toBeVisible();
    for (const id of ["home", "about", "podcast", "briefing", "contact", "insights"]) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }
  });

  for (const { button, section, heading } of [
    { button: "Listen Now", section: "podcast", heading: "The Podcast" },
    { button: "Get The Briefing", section: "briefing", heading: "The Briefing" },
  ]) {
    test(`${button} scrolls to the ${section} section and sets the hash`, async ({ page }) => {
      await openPage(page, "/");
      await makeHomePageTall(page);
      await main(page).getByRole("link", { name: button }).click();
      await expect(page).toHaveURL(new RegExp(`/#${section}$`));
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeInViewport();
      await expect.poll(() => gapBelowHeader(page, section)).toBeLessThan(2);
    });
  }

  test("embeds the teaser video, which downloads nothing until it is played", async ({ page }) => {
    const mediaRequests: string[] = [];
    page.on("request", (request) => {
      if (/\.(mp4|mp3)(\?|$)/.test(request.url())) mediaRequests.push(request.url());
    });
    await openPage(page, "/");
    const teaser = page.locator("section#home video");
    await expect(teaser).toBeVisible();
    await expect(teaser).toHaveAttribute("preload", "none");
    await expect(teaser).toHaveAttribute("poster", "/attached_assets/videos/teaser.webp");
    await expect(teaser).toHaveAttribute("src", "/attached_assets/videos/teaser.mp4");
    expect(mediaRequests).toEqual([]);

    await teaser.evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    await expect.poll(() => teaser.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0);
    expect(mediaRequests.some((url) => url.endsWith("/attached_assets/videos/teaser.mp4"))).toBe(true);
  });

  test("the about section says Streaming Fall 2025 and leads to the about page", async ({ page }) => {
    await openPage(page, "/");
    const about = page.locator("section#about");
    await expect(about.getByRole("heading", { name: "About the Show" })).toBeVisible();
    await expect(about.getByText("Streaming Fall 2025", { exact: true })).toBeVisible();
    await about.getByRole("link", { name: /Meet the host/ }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("the podcast section plays the trailer, loading its audio only when asked", async ({ page }) => {
    await openPage(page, "/");
    const podcast = page.locator("section#podcast");
    await expect(
      podcast.getByRole("heading", { name: "Trailer: Welcome to The Disruption Confessional" }),
    ).toBeVisible();
    await expect(podcast.locator("audio")).toHaveAttribute("preload", "none");
    await expect(podcast.locator("audio")).toHaveAttribute("src", /^\/media\/episodes\/audio\/[\w-]+\.mp3$/);
  });

  test("the briefing section embeds the newsletter frame, 150 px high with a cache-busting parameter", async ({
    page,
  }) => {
    await openPage(page, "/");
    const frame = page.locator("section#briefing iframe");
    await expect(frame).toHaveAttribute("height", "150");
    await expect(frame).toHaveAttribute("src", new RegExp(`^${embedUrl}\\?t=\\d+$`));
  });

  test("the contact section leads to the contact form and the guest application", async ({ page }) => {
    await openPage(page, "/");
    const contact = page.locator("section#contact");
    await expect(contact.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(contact.getByRole("link", { name: "Apply to be a Guest" })).toHaveAttribute(
      "href",
      "/guest-application",
    );
  });

  test("keeps the launch-list form in the hero", async ({ page }) => {
    await openPage(page, "/");
    const form = page.locator("section#home").getByRole("form", { name: "Launch list" });
    await expect(form.getByRole("textbox", { name: "Email address" })).toBeVisible();
    await expect(form.getByRole("button", { name: "Notify Me" })).toBeVisible();
  });
});
