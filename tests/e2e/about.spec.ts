import { expect, type Locator, type Page, test } from "@playwright/test";
import { confessionStories } from "../../app/features/stories/confession-stories";
import { storyParagraphs } from "../../app/features/stories/schema";
import { defaultSiteSettings } from "../../app/lib/site-config";
import { openPage } from "./support";

const storyCard = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });
const cardVideo = (card: Locator) => card.locator("video");
const cardOverlay = (card: Locator) => card.getByTestId("story-overlay");

const [firstStory] = confessionStories;
const seventhStory = confessionStories[6];

function playMuted(video: Locator) {
  return video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
}

const currentTime = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);
/** A paused fake clock, so that the 500 ms delay runs only when the test says so. */
async function pauseClock(page: Page) {
  const start = new Date("2025-06-01T09:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

const isPaused = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.paused);

test.describe("about page", () => {
  test("shows the host bio and the 11 confession story cards with their videos", async ({ page }) => {
    await openPage(page, "/about");
    await expect(page.getByRole("heading", { level: 1, name: "About the Host" })).toBeVisible();
    await expect(page.getByText(defaultSiteSettings.hostName, { exact: true })).toBeVisible();
    await expect(page.getByText(defaultSiteSettings.hostBio[0])).toBeVisible();

    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(11);
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText(confessionStories.map((story) => story.title));
    for (const story of confessionStories) {
      const card = storyCard(page, story.title);
      await expect(card.getByRole("paragraph").filter({ hasText: story.description })).toBeVisible();
      await expect(cardVideo(card)).toHaveAttribute("src", `/attached_assets/videos/story-${story.id}.mp4`);
    }
  });

  test("downloads no video before one is played, and a poster only when its story comes near the view", async ({
    page,
  }) => {
    const videoRequests: string[] = [];
    const posterRequests: string[] = [];
    page.on("request", (request) => {
      if (/\.mp4(\?|$)/.test(request.url())) videoRequests.push(request.url());
      if (/story-\d+\.webp$/.test(request.url())) posterRequests.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/about");
    await expect(page.getByRole("article")).toHaveCount(11);
    for (const video of await page.locator("article video").all()) {
      await expect(video).toHaveAttribute("preload", "none");
    }
    const lastVideo = page.locator("article video").last();
    await expect(lastVideo).not.toHaveAttribute("poster");
    expect(posterRequests).not.toContain("/attached_assets/videos/story-11.webp");
    await lastVideo.scrollIntoViewIfNeeded();
    await expect(lastVideo).toHaveAttribute("poster", "/attached_assets/videos/story-11.webp");
    await expect.poll(() => posterRequests).toContain("/attached_assets/videos/story-11.webp");
    expect(videoRequests).toEqual([]);
  });

  test.describe("Read Full Story", () => {
    async function openStory(page: Page) {
      await openPage(page, "/about");
      const trigger = storyCard(page, firstStory.title).getByRole("button", {
        name: `Read Full Story: ${firstStory.title}`,
      });
      await trigger.click();
      const dialog = page.getByRole("dialog", { name: firstStory.title });
      await expect(dialog).toBeVisible();
      return { trigger, dialog };
    }

    test("opens a modal with the whole story in paragraphs, marked as sample text", async ({ page }) => {
      const { dialog } = await openStory(page);
      const paragraphs = storyParagraphs(firstStory.fullStory);
      await expect(dialog.getByText(firstStory.description)).toBeVisible();
      for (const paragraph of paragraphs) await expect(dialog.getByText(paragraph, { exact: true })).toBeVisible();
      expect(paragraphs[0]).toBe("Sample story: replace it with your own.");
      await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    });

    test("closes with its close button and gives focus back to the trigger", async ({ page }) => {
      const { trigger, dialog } = await openStory(page);
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    });

    test("closes with a click on the backdrop", async ({ page }) => {
      const { dialog } = await openStory(page);
      await page.mouse.click(5, 5);
      await expect(dialog).toBeHidden();
    });

    test("stays open on a click inside it", async ({ page }) => {
      const { dialog } = await openStory(page);
      await dialog.getByText(firstStory.description).click();
      await expect(dialog).toBeVisible();
    });

    test("closes with Escape", async ({ page }) => {
      const { trigger, dialog } = await openStory(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    });
  });

  test("?video={id} highlights that card and scrolls to it after 500 ms", async ({ page }) => {
    await pauseClock(page);
    await openPage(page, `/about?video=${seventhStory.id}`);
    const card = storyCard(page, seventhStory.title);
    await expect(card).toHaveAttribute("data-highlighted", "true");
    await expect(page.locator("article[data-highlighted]")).toHaveCount(1);
    await expect(card).not.toBeInViewport();

    await page.clock.runFor(499);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.clock.runFor(1);
    await expect(card).toBeInViewport();
  });

  test("an unknown ?video= highlights nothing and stays at the top", async ({ page }) => {
    await pauseClock(page);
    await openPage(page, "/about?video=99");
    await page.clock.runFor(1000);
    await expect(page.getByRole("article")).toHaveCount(11);
    await expect(page.locator("article[data-highlighted]")).toHaveCount(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a video longer than 1 s starts from 1 s once it has loaded", async ({ page }) => {
    await openPage(page, "/about");
    const video = cardVideo(storyCard(page, firstStory.title));
    expect(await currentTime(video)).toBe(0);
    await video.evaluate((element: HTMLVideoElement) => {
      element.preload = "metadata";
      element.load();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(1);
    await expect.poll(() => currentTime(video)).toBe(1);
  });

  test("a played video starts from 1 s", async ({ page }) => {
    await openPage(page, "/about");
    const video = cardVideo(storyCard(page, firstStory.title));
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return new Promise<void>((resolve, reject) => {
        element.addEventListener("playing", () => resolve(), { once: true });
        element.play().catch(reject);
      });
    });
    expect(await currentTime(video)).toBeGreaterThanOrEqual(1);
  });

  test("on a wide screen no overlay covers the videos", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, "/about");
    await expect(cardOverlay(storyCard(page, firstStory.title))).toBeHidden();
  });

  test.describe("on a phone", { tag: "@mobile" }, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("an overlay with title and description covers each card until its video plays", async ({ page }) => {
      await openPage(page, "/about");
      for (const story of confessionStories) {
        const overlay = cardOverlay(storyCard(page, story.title));
        await expect(overlay).toHaveText(`${story.title}${story.description}`);
      }
      const card = storyCard(page, firstStory.title);
      await card.scrollIntoViewIfNeeded();
      await expect(cardOverlay(card)).toBeVisible();

      await playMuted(cardVideo(card));
      await expect(cardOverlay(card)).toBeHidden();
      await expect.poll(() => isPaused(cardVideo(card))).toBe(false);
    });

    test("the overlay returns when the video is paused, and again when it ends", async ({ page }) => {
      await openPage(page, "/about");
      const card = storyCard(page, firstStory.title);
      const video = cardVideo(card);
      await card.scrollIntoViewIfNeeded();

      await playMuted(video);
      await expect(cardOverlay(card)).toBeHidden();
      await video.evaluate((element: HTMLVideoElement) => element.pause());
      await expect(cardOverlay(card)).toBeVisible();

      await playMuted(video);
      await expect(cardOverlay(card)).toBeHidden();
      await video.evaluate((element: HTMLVideoElement) => {
        element.currentTime = element.duration - 0.2;
      });
      await expect(cardOverlay(card)).toBeVisible();
      expect(await video.evaluate((element: HTMLVideoElement) => element.ended)).toBe(true);
    });
  });
});
