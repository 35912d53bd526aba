import { readFileSync, statSync } from "node:fs";
import { parseFeed } from "podcast-partytime";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { movableClock } from "../setup/movable-clock";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

/**
 * The weekly job the site exists for, end to end on a second built server whose wall clock the test moves: writing
 * "+2d" brings a scheduled date at once, with no waiting (tests/setup/movable-clock.ts).
 */
const clock = movableClock("episode-journey");
const SAMPLE_AUDIO = "public/attached_assets/audio/episode-1.mp3";

test.use({ builtServerEnv: { ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, ...clock.env } });

test.afterAll(() => clock.reset());

/** A datetime-local value for `days` from now, in the browser's time zone (the tests run in UTC). */
function localDateTime(days: number): string {
  const date = new Date(Date.now() + days * 24 * 3600 * 1000);
  return date.toISOString().slice(0, 16);
}

test("the owner schedules an episode with audio, a chapter and a guest; when its date comes a visitor finds it, plays it from the chapter, and the feed lists it", async ({
  page,
  browser,
  builtServer,
  notifications,
}) => {
  test.setTimeout(120_000);
  const title = "The Launch That Went Sideways";
  const slug = "the-launch-that-went-sideways";

  // The owner logs in and creates the episode.
  await openPage(page, `${builtServer.url}/admin/login`);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await openPage(page, `${builtServer.url}/admin/episodes/new`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Summary").fill("A product launch that went sideways, and what the team kept from it.");
  await page.getByRole("button", { name: "Create Draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Episode" })).toBeVisible();

  // The sample audio, with progress, checked by the server.
  await page.getByLabel("Audio file").setInputFiles(SAMPLE_AUDIO);
  await page.getByRole("button", { name: "Upload audio" }).click();
  await expect(notifications.getByText("Audio Uploaded")).toBeVisible();

  // A chapter and a guest, then a date tomorrow.
  await page.getByRole("button", { name: "Add Chapter" }).click();
  await page.getByLabel("Start").fill("0:04");
  await page.getByLabel("Chapter Title").fill("The customer call");
  await page.getByRole("button", { name: "Add Guest by Hand" }).click();
  await page.getByLabel("Guest Name").fill("Dana Cruz");
  await page.getByLabel("Role").fill("Head of Product");
  await page.getByLabel("Publish Date and Time").fill(localDateTime(1));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(notifications.getByText("Episode Saved")).toBeVisible();
  await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();

  // A visitor before the date: not listed, no page, not in the feed.
  const visitorContext = await browser.newContext({ baseURL: builtServer.url });
  const visitor = await visitorContext.newPage();
  await openPage(visitor, "/podcast");
  await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);
  expect((await visitor.request.get(`/podcast/${slug}`)).status()).toBe(404);

  // Two days later, by the server's clock.
  clock.moveTo("+2d");

  await openPage(visitor, "/podcast");
  await visitor.getByRole("link", { name: title }).first().click();
  await expect(visitor).toHaveURL(new RegExp(`/podcast/${slug}$`));
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText("Dana Cruz")).toBeVisible();

  const player = visitor.locator("audio");
  await visitor.getByRole("link", { name: "The customer call" }).click();
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThanOrEqual(4);
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(false);

  // The feed lists it, linked to its page, with the stored audio's true length.
  const feedReply = await visitor.request.get("/podcast.xml");
  expect(feedReply.status()).toBe(200);
  const feed = parseFeed(await feedReply.text());
  const item = feed?.items.find((entry) => entry.title === title);
  expect(item?.link).toMatch(new RegExp(`/podcast/${slug}$`));
  expect(item?.enclosure.length).toBe(statSync(SAMPLE_AUDIO).size);
  expect(item?.podcastChapters?.url).toMatch(new RegExp(`/podcast/${slug}/chapters\\.json$`));
  const served = await visitor.request.get(new URL(item?.enclosure.url ?? "", builtServer.url).pathname);
  expect(Buffer.from(await served.body()).equals(readFileSync(SAMPLE_AUDIO))).toBe(true);
  await visitorContext.close();
});
