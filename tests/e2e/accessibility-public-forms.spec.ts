import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { animationsSettled, openPage } from "./support";

/**
 * The states of the insights, contact and guest pages that a first load does not show (accessibility.spec.ts audits
 * every route as it loads): an open share menu, field errors, toasts and the confirmation card.
 */

test.beforeEach(async ({ page }) => {
  await page.route(`${new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

async function expectNoSeriousViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).exclude("iframe").analyze();
  const serious = results.violations
    .filter(({ impact }) => impact === "serious" || impact === "critical")
    .map(({ id, nodes }) => ({ id, targets: nodes.map(({ target }) => target.join(" ")) }));
  expect(serious).toEqual([]);
  const contrast = results.violations.find(({ id }) => id === "color-contrast");
  expect(contrast?.nodes.map(({ target }) => target) ?? []).toEqual([]);
}

test.describe("accessibility of the public forms' states", () => {
  test("/insights with a share menu open", async ({ page }) => {
    await openPage(page, "/insights");
    await page
      .getByRole("button", { name: /^Share "/ })
      .first()
      .click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/contact with a validation toast", async ({ page, notifications }) => {
    await openPage(page, "/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(notifications.getByText("Name required")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/guest-application with every field error showing", async ({ page }) => {
    await openPage(page, "/guest-application");
    await page.getByRole("textbox", { name: "LinkedIn" }).fill("not a link");
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Please enter valid URLs")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/guest-application's confirmation card", async ({ page }) => {
    await page.route("**/api/guests/apply", (route) =>
      route.fulfill({ status: 201, json: { success: true, message: "ok", data: { id: 1 } } }),
    );
    await openPage(page, "/guest-application");
    await page.getByRole("textbox", { name: "Full Name" }).fill("Grace Hopper");
    await page.getByRole("textbox", { name: "Email Address" }).fill("grace@example.com");
    await page.getByRole("textbox", { name: "Area of Expertise" }).fill("Compilers");
    await page.getByRole("textbox", { name: "Proposed Topic or Conversation" }).fill("Bugs");
    await page.getByRole("textbox", { name: "Brief Biography" }).fill("b".repeat(60));
    await page.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Application Submitted" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("/insights/:id for an unknown article", async ({ page }) => {
    await openPage(page, "/insights/no-such-article");
    await expectNoSeriousViolations(page);
  });
});
