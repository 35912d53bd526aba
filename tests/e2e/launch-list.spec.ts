import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { holdRequests, openPage } from "./support";

const emailField = (page: Page) => page.getByRole("textbox", { name: "Email address" });
const submitButton = (page: Page) => page.getByRole("button", { name: "Notify Me" });

test.describe("launch-list form on the home page", () => {
  test.beforeEach(async ({ page }) => {
    await openPage(page, "/");
  });

  test("subscribes, shows the success toast and clears the field", async ({ page, notifications }) => {
    const email = `listener-${Date.now()}@example.com`;
    await emailField(page).fill(email);
    const reply = page.waitForResponse("**/api/subscribe");
    await submitButton(page).click();
    expect((await reply).status()).toBe(200);
    await expect(notifications.getByText("Subscription Successful")).toBeVisible();
    await expect(notifications.getByText("You'll be notified when the podcast launches!")).toBeVisible();
    await expect(emailField(page)).toHaveValue("");
  });

  test("the same address twice is answered as a success both times", async ({ page, notifications }) => {
    const email = `twice-${Date.now()}@example.com`;
    for (let round = 0; round < 2; round++) {
      await emailField(page).fill(email);
      const reply = page.waitForResponse("**/api/subscribe");
      await submitButton(page).click();
      expect((await reply).status()).toBe(200);
      await expect(notifications.getByText("Subscription Successful")).toBeVisible();
      await expect(emailField(page)).toHaveValue("");
    }
  });

  test("an address that fails the format check shows Invalid Email and sends nothing", async ({
    page,
    notifications,
  }) => {
    let requests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/subscribe")) requests++;
    });
    await emailField(page).fill("user@example.c");
    await submitButton(page).click();
    await expect(notifications.getByText("Invalid Email")).toBeVisible();
    await expect(notifications.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(emailField(page)).toHaveValue("user@example.c");
    expect(requests).toBe(0);
  });

  test("the field is required", async ({ page }) => {
    await expect(emailField(page)).toHaveAttribute("required", "");
    await expect(emailField(page)).toHaveAttribute("type", "email");
  });

  test("shows Subscribing... and disables the button while the request is open", async ({ page, notifications }) => {
    const release = await holdRequests(page, "**/api/subscribe");
    await emailField(page).fill(`slow-${Date.now()}@example.com`);
    await submitButton(page).click();
    const pending = page.getByRole("button", { name: "Subscribing..." });
    await expect(pending).toBeDisabled();
    release();
    await expect(notifications.getByText("Subscription Successful")).toBeVisible();
    await expect(submitButton(page)).toBeEnabled();
  });

  test("a refusal shows Subscription Failed with the server's message", async ({ page, notifications }) => {
    await page.route("**/api/subscribe", (route) =>
      route.fulfill({ status: 429, json: { success: false, message: "Too many attempts. Try again later." } }),
    );
    await emailField(page).fill("someone@example.com");
    await submitButton(page).click();
    await expect(notifications.getByText("Subscription Failed")).toBeVisible();
    await expect(notifications.getByText("Too many attempts. Try again later.")).toBeVisible();
    await expect(emailField(page)).toHaveValue("someone@example.com");
  });

  test("a refusal without a message falls back to the generic text", async ({ page, notifications }) => {
    await page.route("**/api/subscribe", (route) =>
      route.fulfill({ status: 500, contentType: "text/html", body: "<h1>oops</h1>" }),
    );
    await emailField(page).fill("someone@example.com");
    await submitButton(page).click();
    await expect(notifications.getByText("Subscription Failed")).toBeVisible();
    await expect(notifications.getByText("Something went wrong. Please try again.")).toBeVisible();
  });

  test("a network failure shows the network-error text", async ({ page, notifications }) => {
    await page.route("**/api/subscribe", (route) => route.abort("failed"));
    await emailField(page).fill("someone@example.com");
    await submitButton(page).click();
    await expect(notifications.getByText("An error occurred. Please try again later.")).toBeVisible();
  });
});
