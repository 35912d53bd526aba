import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueTag } from "./owner-support";
import { openPage } from "./support";

test.use({ signedInAs: "owner" });

const CLIP_MP4 = "tests/fixtures/media/clip.mp4";
const CLIP_WEBM = "tests/fixtures/media/clip.webm";

const videoSection = (page: Page) => page.getByRole("region", { name: "Video", exact: true });

/** The story's video on the About page, found by its card. */
const aboutVideo = (page: Page, title: string) =>
  page.getByRole("article", { name: title, exact: true }).getByLabel(`Video: ${title}`);

async function uploadVideo(page: Page, file: string) {
  const section = videoSection(page);
  await section.locator('input[type="file"]').setInputFiles(file);
  await section.getByRole("button", { name: "Upload video" }).click();
}

test.describe("the owner's stories", () => {
  // Two uploads, four page loads and a playback each: more than the default on a busy shared machine.
  test.setTimeout(90_000);

  test("the owner adds a story, replaces its video, and the About page plays the new one", async ({
    page,
    expectToast,
  }) => {
    const title = `Story ${uniqueTag()}`;
    await openPage(page, "/admin/stories");
    await expect(page.getByRole("heading", { level: 1, name: "Stories" })).toBeVisible();
    await page.getByRole("link", { name: "New Story" }).click();
    await expect(page.getByText("Create the story first; then upload its video and poster.")).toBeVisible();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Excerpt").fill("The week the servers caught fire.");
    await page.getByLabel("Full story").fill("It began on a Monday.\n\nIt ended on a Friday.");
    await page.getByRole("button", { name: "Create Story" }).click();
    await expectToast("Story Created");
    await expect(page.getByRole("heading", { level: 1, name: "Edit Story" })).toBeVisible();
    const storyId = Number(new URL(page.url()).pathname.split("/").at(-1));

    await expect(videoSection(page).getByTestId("video-current")).toHaveText("No video yet.");
    await uploadVideo(page, CLIP_MP4);
    await expectToast("Video uploaded");
    await expect(videoSection(page).getByTestId("video-current")).toHaveText("An uploaded video.");

    await openPage(page, `/about?video=${storyId}`);
    const first = await aboutVideo(page, title).getAttribute("src");
    expect(first).toMatch(/^\/media\/stories\/video\/[\w-]+\.mp4$/);
    await expect(page.getByRole("article", { name: title, exact: true })).toHaveAttribute("data-highlighted", "true");

    // A text file named .mp4 is refused with the server's message, and the story keeps its video.
    await openPage(page, `/admin/stories/${storyId}`);
    const section = videoSection(page);
    await section.locator('input[type="file"]').setInputFiles({
      name: "not-a-video.mp4",
      mimeType: "video/mp4",
      buffer: Buffer.from("These are notes, not a video.\n".repeat(50)),
    });
    await section.getByRole("button", { name: "Upload video" }).click();
    await expect(section.getByRole("alert")).toHaveText("The video is not an MP4 or WebM file.");

    await uploadVideo(page, CLIP_WEBM);
    await expectToast("Video uploaded");

    await openPage(page, "/about");
    const video = aboutVideo(page, title);
    await expect(video).toHaveAttribute("src", /^\/media\/stories\/video\/[\w-]+\.webm$/);
    const second = (await video.getAttribute("src")) as string;
    expect(second).not.toBe(first);
    // The new video plays from the server with range requests; the replaced one is gone.
    const ranged = await page.request.get(second, { headers: { Range: "bytes=0-9" } });
    expect(ranged.status()).toBe(206);
    expect(ranged.headers()["content-type"]).toBe("video/webm");
    expect((await page.request.get(first as string)).status()).toBe(404);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentSrc)).toContain(second);

    // The story goes again, so that the About page's other tests see the sample stories only.
    await openPage(page, `/admin/stories/${storyId}`);
    await page.getByRole("button", { name: "Delete Story" }).click();
    await page.getByRole("button", { name: "Delete Permanently" }).click();
    await expectToast("Story Deleted", `"${title}" has been deleted.`);
    await expect(page).toHaveURL(/\/admin\/stories$/);
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    expect((await page.request.get(second)).status()).toBe(404);
  });

  test("a save from an outdated tab is told the story changed, and the later text is kept", async ({ page }) => {
    const title = `Two Tabs ${uniqueTag()}`;
    await openPage(page, "/admin/stories/new");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Excerpt").fill("An excerpt.");
    await page.getByLabel("Full story").fill("A story.");
    await page.getByRole("button", { name: "Create Story" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Story" })).toBeVisible();
    const url = page.url();

    const other = await page.context().newPage();
    await openPage(other, url);
    await other.getByLabel("Excerpt").fill("Saved in the other tab.");
    await other.getByRole("button", { name: "Save Story" }).click();
    await expect(other.getByText("Story Saved").first()).toBeVisible();

    await page.getByLabel("Excerpt").fill("Saved in the first tab.");
    await page.getByRole("button", { name: "Save Story" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "changed in another tab" })).toHaveText(
      "This story was changed in another tab or by another save since you opened it. Reload to see the latest version.",
    );
    await openPage(page, url);
    await expect(page.getByLabel("Excerpt")).toHaveValue("Saved in the other tab.");

    // The story goes again, so that the About page's other tests see the sample stories only.
    const deleted = await page.request.delete(`/api/admin/stories/${new URL(url).pathname.split("/").at(-1)}`);
    expect(deleted.status()).toBe(200);
  });
});
