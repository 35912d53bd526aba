import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { uniqueTag } from "./owner-support";
import { openPage } from "./support";

test.use({ signedInAs: "owner" });

const SAMPLE_AUDIO = "public/attached_assets/audio/episode-1.mp3";

const section = (page: Page, name: "Audio" | "Artwork" | "Transcript") =>
  page.getByRole("region", { name, exact: true });

const squareJpeg = (width: number) =>
  sharp({ create: { width, height: width, channels: 3, background: "#335577" } })
    .jpeg()
    .toBuffer();

/** Creates a draft and waits for its editor, where the media sections appear once an episode exists. */
async function createDraft(page: Page) {
  await openPage(page, "/admin/episodes/new");
  await expect(page.getByText("Save the episode first to upload its audio.")).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(`Uploads ${uniqueTag()}`);
  await page.getByLabel("Summary").fill("A founder's worst week, told in full.");
  await page.getByRole("button", { name: "Create Draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Episode" })).toBeVisible();
}

test.describe("the episode editor's uploads", () => {
  test("uploads the audio with a progress bar, and refuses a text file named .mp3 with the server's message", async ({
    page,
    expectToast,
  }) => {
    await createDraft(page);
    const audio = section(page, "Audio");
    await expect(audio.getByText("No audio yet: the episode cannot be published without it.")).toBeVisible();

    // A slow uplink, so that the progress bar is seen moving.
    const network = await page.context().newCDPSession(page);
    await network.send("Network.enable");
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 24 * 1024,
    });
    await audio.getByLabel("Audio file").setInputFiles(SAMPLE_AUDIO);
    await audio.getByRole("button", { name: "Upload audio" }).click();
    const progress = audio.getByRole("progressbar", { name: "Audio upload" });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute("aria-valuenow", /^\d+$/);
    await expectToast("Audio uploaded", "The episode's audio is now: MP3, 47.4 KB, 0:12.");
    await expect(progress).toHaveCount(0);
    await expect(audio.getByText("MP3, 47.4 KB, 0:12")).toBeVisible();
    await network.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await audio.getByLabel("Replace the audio").setInputFiles({
      name: "episode.mp3",
      mimeType: "audio/mpeg",
      buffer: Buffer.from("These are my show notes, not audio.\n".repeat(100)),
    });
    await audio.getByRole("button", { name: "Upload audio" }).click();
    await expect(audio.getByRole("alert")).toHaveText("The file is not MP3 or M4A audio.");
    await expect(audio.getByText("MP3, 47.4 KB, 0:12")).toBeVisible();

    // An upload does not raise the episode's version: the editor's next save is not told of a conflict.
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectToast("Episode Saved");
    await page.reload();
    await expect(section(page, "Audio").getByText("MP3, 47.4 KB, 0:12")).toBeVisible();
  });

  test("refuses artwork that is too small, then takes square artwork and shows its thumbnail", async ({
    page,
    expectToast,
  }) => {
    await createDraft(page);
    const artwork = section(page, "Artwork");
    await artwork
      .getByLabel("Artwork file")
      .setInputFiles({ name: "small.jpg", mimeType: "image/jpeg", buffer: await squareJpeg(1000) });
    await artwork.getByRole("button", { name: "Upload artwork" }).click();
    await expect(artwork.getByRole("alert")).toContainText("square, 1400 to 3000 pixels wide");

    await artwork
      .getByLabel("Artwork file")
      .setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: await squareJpeg(1400) });
    await artwork.getByRole("button", { name: "Upload artwork" }).click();
    await expectToast("Artwork uploaded");
    await expect(artwork.getByRole("alert")).toHaveCount(0);
    await expect(artwork.getByText("JPEG, square, shown as WebP at 384 and 768 pixels")).toBeVisible();
    await expect(artwork.getByRole("img", { name: "The episode's current artwork" })).toHaveAttribute(
      "src",
      /^\/media\/episodes\/artwork\/[\w-]+\.w384\.webp$/,
    );

    await artwork.getByRole("button", { name: "Remove artwork" }).click();
    await expectToast("Artwork removed");
    await expect(artwork.getByText("No artwork of its own: the show's artwork is used.")).toBeVisible();
  });

  test("uploads a transcript and removes it", async ({ page, expectToast }) => {
    await createDraft(page);
    const transcript = section(page, "Transcript");
    await transcript.getByLabel("Transcript file").setInputFiles({
      name: "episode.srt",
      mimeType: "application/x-subrip",
      buffer: readFileSync("tests/fixtures/media/transcript.srt"),
    });
    await transcript.getByRole("button", { name: "Upload transcript" }).click();
    await expectToast("Transcript uploaded", "Listeners can read the transcript on the episode page.");
    await expect(transcript.getByTestId("transcript-current")).toHaveText("SRT Open");

    await transcript.getByRole("button", { name: "Remove transcript" }).click();
    await expectToast("Transcript removed");
    await expect(transcript.getByText("No transcript.")).toBeVisible();
  });
});
