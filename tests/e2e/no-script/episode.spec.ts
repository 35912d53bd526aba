import { expect, test } from "@playwright/test";
import { samplePodcastEpisodes } from "../../../app/db/sample-content";

const [, episodeOne] = samplePodcastEpisodes;

test.describe("without JavaScript", () => {
  test("a visitor finds an episode on /podcast, opens its page, and each chapter opens the audio at its time", async ({
    page,
    request,
  }) => {
    await page.goto("/podcast");
    await page.getByRole("region", { name: "Episodes" }).getByRole("link", { name: episodeOne.title }).click();
    await expect(page).toHaveURL(new RegExp(`/podcast/${episodeOne.slug}$`));
    const audio = page.locator("main audio");
    await expect(audio).toHaveAttribute("preload", "none");
    const audioUrl = (await audio.getAttribute("src")) ?? "";
    expect(audioUrl).toMatch(/^\/media\/episodes\/audio\/[\w-]+\.mp3$/);
    await expect(page.getByRole("link", { name: "The customer call" })).toHaveAttribute("href", `${audioUrl}#t=4`);
    // What the browser fetches to play from a chapter: the audio from a byte offset.
    const range = await request.get(audioUrl, { headers: { Range: "bytes=1000-1999" } });
    expect(range.status()).toBe(206);
    expect((await range.body()).length).toBe(1000);
  });
});
