import { expect, type Locator, type Page, test } from "@playwright/test";
import { confessionStories } from "../../../app/features/stories/confession-stories";
import { defaultSiteSettings } from "../../../app/lib/site-config";

test.beforeEach(async ({ page }) => {
  // Other sites (the newsletter frame) are not reachable from the test machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Elsewhere</title>" }),
  );
});

/** Submits a form as a browser without JavaScript does, and returns the status of the page that answers. */
async function submit(page: Page, button: Locator) {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await button.click();
  const response = await answer;
  await page.waitForLoadState("domcontentloaded");
  return response.status();
}

const cookieNotice = (page: Page) => page.getByRole("region", { name: "Cookie notice" });

test.describe("without JavaScript", () => {
  test.describe("the mobile menu", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("opens from its button, repeats the nav, closes on Escape, and its links navigate", async ({ page }) => {
      await page.goto("/about");
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      const menuButton = page.getByRole("button", { name: "Open menu" });
      await expect(mobileNav).toBeHidden();

      await menuButton.click();
      await expect(mobileNav).toBeVisible();
      await expect(mobileNav.getByRole("link")).toHaveText(["Home", "About", "Podcast", "Contact", "Briefing"]);
      await expect(page.getByRole("button", { name: "Sign In / Join" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(mobileNav).toBeHidden();

      await menuButton.click();
      await mobileNav.getByRole("link", { name: "Podcast" }).click();
      await expect(page).toHaveURL(/\/podcast$/);
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    });

    test("Sign In / Join opens the sign-up modal, whose form posts to the sign-up page", async ({ page }) => {
      await page.goto("/podcast");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("button", { name: "Sign In / Join" }).click();
      const modal = page.getByRole("dialog", { name: `Stay informed ${defaultSiteSettings.showName}` });
      await expect(modal).toBeVisible();
      await expect(modal.getByLabel("First Name")).toBeFocused();
      await modal.getByRole("button", { name: "Cancel" }).click();
      await expect(modal).toBeHidden();

      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("button", { name: "Sign In / Join" }).click();
      await modal.getByLabel("First Name").fill("Ada");
      await modal.getByLabel("Email Address").fill("ada.example.com");
      expect(await submit(page, modal.getByRole("button", { name: "Sign Up" }))).toBe(400);
      await expect(page).toHaveURL(/\/sign-up$/);
      const main = page.getByRole("main");
      await expect(main.getByRole("alert")).toHaveText("Please fill in all fields.");
      await expect(main.getByLabel("First Name")).toHaveValue("Ada");
      await expect(main.getByLabel("Email Address")).toHaveValue("ada.example.com");

      await main.getByLabel("Last Name").fill("Lovelace");
      expect(await submit(page, main.getByRole("button", { name: "Sign Up" }))).toBe(400);
      await expect(main.getByRole("alert")).toHaveText("Please enter a valid email address.");

      await main.getByLabel("Email Address").fill(`no-script-${Date.now()}@example.com`);
      expect(await submit(page, main.getByRole("button", { name: "Sign Up" }))).toBe(200);
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Thank You!");
      await expect(main.getByRole("link", { name: "OK" })).toHaveAttribute("href", "/api/login");
    });
  });

  test("the account menu opens as a list of links, and its Sign In opens the sign-up modal", async ({ page }) => {
    await page.goto("/links");
    await page.getByRole("button", { name: "Account menu" }).click();
    const signIn = page.getByRole("button", { name: "Sign In" });
    await expect(signIn).toBeVisible();
    await expect(
      page.getByText("Sign up to get notified about new episodes and exclusive updates").first(),
    ).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(signIn).toBeHidden();

    await page.getByRole("button", { name: "Account menu" }).click();
    await signIn.click();
    const modal = page.getByRole("dialog", { name: `Stay informed ${defaultSiteSettings.showName}` });
    await expect(modal).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();
  });

  test("a story: its card highlighted by ?video=, its video, and Read Full Story in a modal", async ({ page }) => {
    const story = confessionStories[6];
    await page.goto(`/about?video=${story.id}`);
    const card = page.getByRole("article", { name: story.title, exact: true });
    await expect(card).toHaveAttribute("data-highlighted", "true");
    const video = card.getByLabel(`Video: ${story.title}`);
    await expect(video).toHaveAttribute("src", `/attached_assets/videos/story-${story.id}.mp4`);
    await expect(video).toHaveAttribute("controls", "");

    const trigger = card.getByRole("button", { name: `Read Full Story: ${story.title}` });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: story.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(story.description)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test("the cookie notice shows, and Got it hides it for good through the server", async ({ page, context }) => {
    await page.goto("/links");
    await expect(cookieNotice(page)).toHaveText(
      "It appears that third-party cookies are blocked in your browser. Some features like analytics and preferences may not work correctly.Got it",
    );
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await cookieNotice(page).getByRole("button", { name: "Got it" }).click();
    expect((await answer).status()).toBe(303);
    await expect(page).toHaveURL(/\/links$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(cookieNotice(page)).toHaveCount(0);
    expect((await context.cookies()).map(({ name }) => name)).toContain("cookie_notice_dismissed");

    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "About the Host" })).toBeVisible();
    await expect(cookieNotice(page)).toHaveCount(0);
  });

  test("an unknown address answers 404 with Page Not Found and a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
