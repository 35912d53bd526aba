import sharp from "sharp";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { movableClock } from "../setup/movable-clock";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

/**
 * The owner publishes an insight without touching code, end to end on a built server whose wall clock the test
 * moves: writing "+2d" brings the scheduled date at once, with no waiting (tests/setup/movable-clock.ts).
 */
const clock = movableClock("insight-journey");

test.use({ builtServerEnv: { ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, ...clock.env } });

test.afterAll(() => clock.reset());

/** A datetime-local value for `days` from now, in the browser's time zone (the tests run in UTC). */
function localDateTime(days: number): string {
  return new Date(Date.now() + days * 24 * 3600 * 1000).toISOString().slice(0, 16);
}

test("the owner writes a post with a cover image and a source and schedules it; when its date comes a visitor reads it", async ({
  page,
  browser,
  builtServer,
  notifications,
}) => {
  test.setTimeout(120_000);
  const title = "What a Failed Launch Taught Our Team";
  const slug = "what-a-failed-launch-taught-our-team";
  const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#2a4d69" } })
    .jpeg()
    .toBuffer();

  // The owner logs in and writes the post.
  await openPage(page, `${builtServer.url}/admin/login`);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await openPage(page, `${builtServer.url}/admin/insights`);
  await page.getByRole("link", { name: "New Insight" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Insight" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill("Three lessons from the week everything broke.");
  await page.getByLabel("Category").fill("Leadership");
  await page.getByLabel("Author").fill("Alex Morgan");
  await page.getByLabel("Body (Markdown)").fill("## The week it broke\n\nWe shipped **too early**.");
  await page.getByRole("button", { name: "Create Draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Insight" })).toBeVisible();

  // The preview is the server's sanitised rendering.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(
    page.getByRole("region", { name: "Body preview" }).getByRole("heading", { name: "The week it broke" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Write" }).click();

  // The cover, with its alt text, checked by the server.
  await page.getByLabel("Cover alt text").fill("A whiteboard covered in launch notes");
  await page.getByLabel("Cover file").setInputFiles({ name: "cover.jpg", mimeType: "image/jpeg", buffer: cover });
  await page.getByRole("button", { name: "Upload Cover" }).click();
  await expect(notifications.getByText("Cover uploaded")).toBeVisible();

  // A source, then a date tomorrow.
  await page.getByRole("button", { name: "Add Source" }).click();
  await page.getByLabel("Source Link").fill("https://www.example.com/launch-study");
  await page.getByLabel("Source Title").fill("The Launch Study");
  await page.getByLabel("Publish Date and Time").fill(localDateTime(1));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(notifications.getByText("Insight Saved")).toBeVisible();
  await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();

  // A visitor before the date: not listed, no page.
  const visitorContext = await browser.newContext({ baseURL: builtServer.url });
  const visitor = await visitorContext.newPage();
  await openPage(visitor, "/insights");
  await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);
  expect((await visitor.request.get(`/insights/${slug}`)).status()).toBe(404);

  // Two days later, by the server's clock: on the home page's latest cards and on /insights, with nothing written.
  clock.moveTo("+2d");

  await openPage(visitor, "/");
  await expect(visitor.getByRole("list", { name: "Latest insights" }).getByRole("link", { name: title })).toBeVisible();
  await openPage(visitor, "/insights");
  await visitor.getByRole("link", { name: title }).first().click();
  await expect(visitor).toHaveURL(new RegExp(`/insights/${slug}$`));
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "The week it broke" })).toBeVisible();
  const image = visitor.getByRole("img", { name: "A whiteboard covered in launch notes" });
  await expect(image).toBeVisible();
  expect(await image.getAttribute("srcset")).toMatch(/\.w768\.webp 768w, .+\.w1536\.webp 1536w$/);
  await expect(visitor.getByRole("link", { name: "The Launch Study" })).toHaveAttribute(
    "href",
    "https://www.example.com/launch-study",
  );
  const served = await visitor.request.get((await image.getAttribute("src")) ?? "");
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  await visitorContext.close();
});
