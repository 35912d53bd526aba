import { expect, type Page, test } from "@playwright/test";
import { samplePodcastEpisodes } from "../../app/db/sample-content";
import { listenPlatforms } from "../../app/lib/site-config";
import { openPage } from "./support";

const [trailer, episodeOne, , premiumEpisode] = samplePodcastEpisodes;
const platformsSection = (page: Page) => page.getByRole("region", { name: "Listen on Your Favorite Platform" });

test.describe("podcast page", () => {
  test("shows the trailer card from the first episode of the API, with title, description, player, duration and date", async ({
    page,
    request,
  }) => {
    const api = await (await request.get("/api/podcast/episodes")).json();
    expect(api.success).toBe(true);
    expect(api.data[0].title).toBe(trailer.title);

    await openPage(page, "/podcast");
    await expect(page.getByRole("heading", { level: 1, name: "The Podcast" })).toBeVisible();
    const card = page.getByRole("article", { name: trailer.title });
    await expect(card.getByText("Trailer", { exact: true })).toBeVisible();
    await expect(card.getByText(trailer.description)).toBeVisible();
    const audio = card.locator("audio");
    await expect(audio).toHaveAttribute("src", api.data[0].audioUrl);
    expect(api.data[0].audioUrl).toMatch(/^\/media\/episodes\/audio\/[\w-]+\.mp3$/);
    await expect(audio).toHaveAttribute("preload", "none");
    await expect(audio).toHaveAttribute("controls", "");
    await expect(card.getByText("0:12", { exact: true })).toBeVisible();
    await expect(card.getByText("Sep 4, 2025", { exact: true })).toBeVisible();
    await expect(page.getByText("First Episode Coming Soon")).toHaveCount(0);
  });

  test("the trailer plays", async ({ page }) => {
    await openPage(page, "/podcast");
    const audio = page.getByRole("article", { name: trailer.title }).locator("audio");
    await audio.evaluate((element: HTMLAudioElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);
  });

  test("lists the platforms: the directory and the streaming service are Coming Soon and not links", async ({
    page,
  }) => {
    await openPage(page, "/podcast");
    const platforms = platformsSection(page);
    await expect(platforms.getByRole("listitem")).toHaveCount(4);
    for (const label of [listenPlatforms.applePodcasts.label, listenPlatforms.spotify.label]) {
      const tile = platforms.getByRole("listitem").filter({ hasText: label });
      await expect(tile).toContainText("Coming Soon");
      await expect(tile.getByRole("link")).toHaveCount(0);
    }
    const youtube = platforms.getByRole("link", { name: listenPlatforms.youtube.label });
    await expect(youtube).toHaveAttribute("href", listenPlatforms.youtube.url);
    await expect(youtube).toHaveAttribute("target", "_blank");
    await expect(youtube).not.toContainText("Coming Soon");
    const feed = platforms.getByRole("link", { name: "RSS Feed" });
    await expect(feed).toHaveAttribute("href", "/podcast.xml");
    await expect(feed).not.toContainText("Coming Soon");
    await expect(platforms.getByRole("link")).toHaveCount(2);
  });

  test("Apply to be a Guest leads to the guest application", async ({ page }) => {
    await openPage(page, "/podcast");
    await page.getByRole("main").getByRole("link", { name: "Apply to be a Guest" }).click();
    await expect(page).toHaveURL(/\/guest-application$/);
  });

  test("lists the episodes, each linking to its page, the premium one with a lock", async ({ page }) => {
    await openPage(page, "/podcast");
    const list = page.getByRole("region", { name: "Episodes" });
    // Two free episodes and the three premium ones (the trailer has its own card).
    await expect(list.getByRole("article")).toHaveCount(5);
    const premium = list.getByRole("article", { name: premiumEpisode.title });
    await expect(premium.getByText("Premium", { exact: true })).toBeVisible();
    await list.getByRole("link", { name: episodeOne.title }).click();
    await expect(page).toHaveURL(new RegExp(`/podcast/${episodeOne.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: episodeOne.title })).toBeVisible();
  });
});

test.describe("episode page", () => {
  test("shows the episode, and a chapter link seeks the player and plays from there", async ({ page }) => {
    await openPage(page, `/podcast/${episodeOne.slug}`);
    await expect(page.getByText("Season 1 · Episode 1", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Guest" }).getByText("Sam Rivera")).toBeVisible();
    await expect(page.getByRole("region", { name: "Transcript" })).toBeVisible();
    const audio = page.locator("main audio");
    await expect(audio).toHaveAttribute("preload", "none");
    await audio.evaluate((element: HTMLAudioElement) => {
      element.muted = true;
    });
    await page.getByRole("link", { name: "The customer call" }).click();
    await expect(page).toHaveURL(new RegExp(`/podcast/${episodeOne.slug}$`));
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused && element.currentTime >= 4))
      .toBe(true);
    await expect(page.getByRole("link", { name: /^Previous episode:/ })).toHaveAttribute(
      "href",
      `/podcast/${trailer.slug}`,
    );
  });

  test("shows a premium episode with a lock and no player to a visitor", async ({ page }) => {
    await openPage(page, `/podcast/${premiumEpisode.slug}`);
    await expect(page.getByRole("heading", { name: "Premium episode" })).toBeVisible();
    await expect(page.locator("main audio")).toHaveCount(0);
  });

  test("answers 404 for an unknown episode", async ({ page }) => {
    const response = await page.goto("/podcast/no-such-episode");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Episode Not Found" })).toBeVisible();
  });
});
