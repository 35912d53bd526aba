import type { Page } from "@playwright/test";
import { SIGN_IN_LINK_SENT_MESSAGE } from "../../app/features/auth/schema";
import { TOO_MANY_REQUESTS_MESSAGE } from "../../app/lib/api.server";
import { newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { holdRequests, openPage } from "./support";

const embedOrigin = new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin;

test.beforeEach(async ({ page }) => {
  await page.route(`${embedOrigin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

const emailForm = (page: Page) => page.getByRole("form", { name: "Email sign-in" });

test.describe("sign-in by email link", () => {
  test("/api/login leads to the email sign-in page, keeping where to return", async ({ page }) => {
    await page.goto("/api/login?returnTo=/members/upgrade");
    await expect(page).toHaveURL("/sign-in?returnTo=%2Fmembers%2Fupgrade");
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await expect(emailForm(page).getByLabel("Email Address")).toHaveAttribute("type", "email");
  });

  test("shows the field's error for an invalid address", async ({ page }) => {
    await openPage(page, "/sign-in");
    await emailForm(page).getByLabel("Email Address").fill("not-an-address");
    await emailForm(page).getByRole("button", { name: "Email Me a Sign-In Link" }).click();
    const field = emailForm(page).getByLabel("Email Address");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription("Please enter a valid email address.");
  });

  test("says a link is on its way, in the same words for any address", async ({ page }) => {
    await openPage(page, "/sign-in");
    await emailForm(page).getByLabel("Email Address").fill(`someone-${Date.now()}@example.com`);
    const release = await holdRequests(page, "**/api/auth/email-link");
    await emailForm(page).getByRole("button", { name: "Email Me a Sign-In Link" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    const status = page.getByRole("status").filter({ hasText: "Check your email" });
    await expect(status).toContainText(SIGN_IN_LINK_SENT_MESSAGE);
    await status.getByRole("button", { name: "Use a different address" }).click();
    await expect(emailForm(page).getByLabel("Email Address")).toHaveValue("");
  });

  test("shows the rate limit's message", async ({ page }) => {
    const email = `limited-${Date.now()}@example.com`;
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await page.request.post("/api/auth/email-link", { data: { email } })).status()).toBe(200);
    }
    await openPage(page, "/sign-in");
    await emailForm(page).getByLabel("Email Address").fill(email);
    await emailForm(page).getByRole("button", { name: "Email Me a Sign-In Link" }).click();
    await expect(page.getByRole("alert").filter({ hasText: TOO_MANY_REQUESTS_MESSAGE })).toBeVisible();
  });

  test("an unknown or used link says so and offers a new one", async ({ page }) => {
    await openPage(page, `/sign-in/verify?token=${"A".repeat(43)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Link Not Valid" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(
      "This sign-in link has expired or has already been used. Each link works once and expires after 15 minutes.",
    );
    await expect(page.getByRole("button", { name: "Sign In" })).toHaveCount(0);
    await page.getByRole("link", { name: "Request a New Link" }).click();
    await expect(page).toHaveURL("/sign-in");
  });

  test("a signed-in member going to sign in is sent on to where they wanted", async ({ page, signInAs }) => {
    await signInAs("basic");
    await page.goto("/sign-in?returnTo=/about");
    await expect(page).toHaveURL("/about");
  });
});
