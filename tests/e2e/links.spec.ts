import { expect, type Page, test } from "@playwright/test";
import { samplePodcastEpisodes } from "../../app/db/sample-content";
import { defaultArtwork, defaultSiteSettings } from "../../app/lib/site-config";
import { openPage } from "./support";

const hub = (page: Page) => page.getByRole("main");
const latestFreeEpisode = samplePodcastEpisodes.filter((episode) => !episode.premium).at(-1) as {
  title: string;
  slug: string;
};

test.describe("links page", () => {
  test("shows the artwork, the show's name and the tagline", async ({ page }) => {
    await openPage(page, "/links");
    const artwork = hub(page).getByRole("img", { name: `${defaultSiteSettings.showName} show artwork` });
    await expect(artwork).toBeVisible();
    await expect(artwork).toHaveAttribute("src", defaultArtwork.onPage.src);
    // The page's WebP copy, not the feed's 1400 px JPEG, and one that loads.
    await expect.poll(() => artwork.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.webp$/);
    await expect.poll(() => artwork.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(hub(page).getByRole("heading", { level: 1, name: defaultSiteSettings.showName })).toBeVisible();
    await expect(hub(page).getByText("The Future Isn't Predicted. It's Confessed.", { exact: true })).toBeVisible();
  });

  test("has the four buttons in order, the first naming the latest published episode and leading to its page", async ({
    page,
  }) => {
    await openPage(page, "/links");
    const buttons = page.getByRole("navigation", { name: "Links" }).getByRole("link");
    await expect(buttons).toHaveCount(4);
    await expect(buttons.nth(0)).toHaveText(`LATEST EPISODE${latestFreeEpisode.title}`);
    await expect(buttons.nth(0)).toHaveAttribute("href", `/podcast/${latestFreeEpisode.slug}`);
    await expect(buttons.nth(1)).toHaveText("SUBSCRIBE TOThe Briefing Newsletter");
    await expect(buttons.nth(1)).toHaveAttribute("href", "/briefing");
    await expect(buttons.nth(2)).toHaveText("VISITOfficial Website");
    await expect(buttons.nth(2)).toHaveAttribute("href", "/");
    await expect(buttons.nth(3)).toHaveText("GET IN TOUCHContact");
    await expect(buttons.nth(3)).toHaveAttribute("href", "/contact");
  });

  test("GET IN TOUCH opens the contact page", async ({ page }) => {
    await openPage(page, "/links");
    await page.getByRole("link", { name: "GET IN TOUCH Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("FOLLOW ON SOCIAL lists the seven profiles", async ({ page }) => {
    await openPage(page, "/links");
    const social = page.getByRole("region", { name: "FOLLOW ON SOCIAL" });
    const links = social.getByRole("link");
    await expect(links).toHaveCount(7);
    for (const [index, profile] of defaultSiteSettings.social.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(profile.label);
      await expect(links.nth(index)).toHaveAttribute("href", profile.url);
    }
    expect(defaultSiteSettings.social.map((profile) => profile.platform)).toEqual([
      "twitter",
      "youtube",
      "linkedin",
      "instagram",
      "bluesky",
      "tiktok",
      "facebook",
    ]);
  });

  test("LISTEN ON lists the five platforms", async ({ page }) => {
    await openPage(page, "/links");
    const links = page.getByRole("region", { name: "LISTEN ON" }).getByRole("link");
    await expect(links).toHaveText(defaultSiteSettings.linksPageListenOn.map((platform) => platform.label));
    for (const [index, platform] of defaultSiteSettings.linksPageListenOn.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", platform.url);
    }
  });

  test("ends with the current year and the show's name", async ({ page }) => {
    await openPage(page, "/links");
    await expect(
      hub(page).getByText(`© ${new Date().getFullYear()} ${defaultSiteSettings.showName}`, { exact: true }),
    ).toBeVisible();
  });
});
