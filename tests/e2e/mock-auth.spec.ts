import { expect, type Page, test } from "@playwright/test";
import { INVALID_MOCK_TIER_MESSAGE } from "../../app/features/auth/mock-users";
import { newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { openPage } from "./support";

const KEY = "mockUser";
const embedOrigin = new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin;

test.beforeEach(async ({ page }) => {
  await page.route(`${embedOrigin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

const panel = (page: Page) => page.getByRole("region", { name: "Mock Auth Controls" });
const status = (page: Page) => panel(page).getByRole("status");
const savedUser = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), KEY);

async function openPanel(page: Page) {
  await panel(page).getByRole("button", { name: "Mock Auth Controls" }).click();
  await expect(status(page)).toBeVisible();
}

/** Answers the tier prompt with `answer` (null cancels it) and collects any alert that follows. */
function answerPrompt(page: Page, answer: string | null) {
  const alerts: string[] = [];
  page.on("dialog", async (dialog) => {
    if (dialog.type() === "prompt") {
      if (answer === null) await dialog.dismiss();
      else await dialog.accept(answer);
    } else {
      alerts.push(dialog.message());
      await dialog.accept();
    }
  });
  return alerts;
}

async function signInWithPanel(page: Page, typed: string) {
  answerPrompt(page, typed);
  await panel(page).getByRole("button", { name: "Sign In as Mock User" }).click();
}

test.describe("Mock Auth Controls", () => {
  test("the tier typed in any case signs in as that mock user with a real server session", async ({ page }) => {
    await openPage(page, "/");
    await openPanel(page);
    await expect(status(page)).toHaveText("Not signed in");

    await signInWithPanel(page, "  PreMium ");
    await expect(status(page)).toHaveText("Signed in as Parker (premium)");
    expect(JSON.parse((await savedUser(page)) ?? "null")).toMatchObject({
      id: "mock-user-premium",
      membershipTier: "premium",
    });
    const me = await page.request.get("/api/auth/user");
    expect(await me.json()).toMatchObject({ id: "mock-user-premium", membershipTier: "premium" });

    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu")).toContainText("Parker");
  });

  test("an invalid tier gives the spec's alert and signs nobody in", async ({ page }) => {
    await openPage(page, "/");
    await openPanel(page);
    const alerts = answerPrompt(page, "gold");
    await panel(page).getByRole("button", { name: "Sign In as Mock User" }).click();
    await expect.poll(() => alerts).toEqual([INVALID_MOCK_TIER_MESSAGE]);
    await expect(status(page)).toHaveText("Not signed in");
    expect(await savedUser(page)).toBeNull();
  });

  test("cancelling the prompt does nothing", async ({ page }) => {
    await openPage(page, "/");
    await openPanel(page);
    const mockLogins: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/auth/mock-login")) mockLogins.push(request.url());
    });
    const prompted = page.waitForEvent("dialog");
    const alerts = answerPrompt(page, null);
    await panel(page).getByRole("button", { name: "Sign In as Mock User" }).click();
    await prompted;
    await expect(status(page)).toHaveText("Not signed in");
    expect(alerts).toEqual([]);
    expect(mockLogins).toEqual([]);
    expect(await savedUser(page)).toBeNull();
  });

  test("a saved mock user is signed in again on load when the server session is gone", async ({ page, context }) => {
    await openPage(page, "/");
    await openPanel(page);
    await signInWithPanel(page, "basic");
    await expect(status(page)).toHaveText("Signed in as Bailey (basic)");

    await context.clearCookies();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    await openPage(page, "/");
    await openPanel(page);
    await expect(status(page)).toHaveText("Signed in as Bailey (basic)");
    expect((await page.request.get("/api/auth/user")).status()).toBe(200);
  });

  for (const corrupt of ["{not json", JSON.stringify({ id: "someone-else", membershipTier: "premium" }), '"premium"']) {
    test(`a corrupt saved value (${corrupt}) is removed`, async ({ page }) => {
      await openPage(page, "/");
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [KEY, corrupt]);
      await openPage(page, "/");
      await expect.poll(() => savedUser(page)).toBeNull();
      await openPanel(page);
      await expect(status(page)).toHaveText("Not signed in");
    });
  }

  test("the loading flag is on for 1000 ms after start", async ({ page }) => {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await openPage(page, "/");
    await openPanel(page);
    await expect(panel(page)).toHaveAttribute("aria-busy", "true");
    await expect(status(page)).toHaveText("Loading...");
    await expect(panel(page).getByRole("button", { name: "Sign In as Mock User" })).toBeDisabled();
    await page.clock.runFor(999);
    await expect(status(page)).toHaveText("Loading...");
    await page.clock.runFor(1);
    await expect(status(page)).toHaveText("Not signed in");
    await expect(panel(page)).toHaveAttribute("aria-busy", "false");
  });

  test("Sign Out clears the saved user and ends the session", async ({ page }) => {
    await openPage(page, "/about");
    await openPanel(page);
    await signInWithPanel(page, "free");
    await expect(status(page)).toHaveText("Signed in as Frankie (free)");

    await panel(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    expect(await savedUser(page)).toBeNull();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("signing out from the account menu does not bring the saved user back", async ({ page }) => {
    await openPage(page, "/");
    await openPanel(page);
    await signInWithPanel(page, "premium");
    await expect(status(page)).toHaveText("Signed in as Parker (premium)");

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(await savedUser(page)).toBeNull();
    await openPanel(page);
    await expect(status(page)).toHaveText("Not signed in");
  });
});
