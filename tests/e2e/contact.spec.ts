import type { Page } from "@playwright/test";
import { newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { holdRequests, openPage } from "./support";

const form = (page: Page) => page.getByRole("form", { name: "Contact" });
const nameField = (page: Page) => form(page).getByRole("textbox", { name: "Name" });
const emailField = (page: Page) => form(page).getByRole("textbox", { name: "Email" });
const subjectField = (page: Page) => form(page).getByRole("combobox", { name: "Subject" });
const messageField = (page: Page) => form(page).getByRole("textbox", { name: "Message" });
const sendButton = (page: Page) => form(page).getByRole("button", { name: "Send Message" });

async function fillValidMessage(page: Page) {
  await nameField(page).fill("Ada Lovelace");
  await emailField(page).fill("ada@example.com");
  await subjectField(page).selectOption("pitch");
  await messageField(page).fill("I have a story of disruption to pitch.");
}

test.beforeEach(async ({ page }) => {
  await page.route(`${new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
  await openPage(page, "/contact");
});

test.describe("/contact", () => {
  test("is titled Join the Conversation and offers the four subjects and a five-row message box", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1, name: "Join the Conversation" })).toBeVisible();
    const values = await subjectField(page)
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(values).toEqual(["", "pitch", "guest", "partnership", "other"]);
    await expect(messageField(page)).toHaveAttribute("rows", "5");
  });

  test("checks the fields in the spec's order, each with its toast, and sends nothing", async ({
    page,
    expectToast,
  }) => {
    let requests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) requests++;
    });

    await nameField(page).fill("   ");
    await sendButton(page).click();
    await expectToast("Name required", "Please enter your name.");
    await expect(nameField(page)).toBeFocused();
    await expect(nameField(page)).toHaveAttribute("aria-invalid", "true");

    await nameField(page).fill("Ada");
    await sendButton(page).click();
    await expectToast("Valid email required", "Please enter a valid email address.");
    await expect(emailField(page)).toBeFocused();

    await emailField(page).fill("ada@");
    await sendButton(page).click();
    await expectToast("Valid email required", "Please enter a valid email address.");

    await emailField(page).fill("ada@example.com");
    await sendButton(page).click();
    await expectToast("Subject required", "Please select a subject.");
    await expect(subjectField(page)).toBeFocused();

    await subjectField(page).selectOption("guest");
    await messageField(page).fill(" \n ");
    await sendButton(page).click();
    await expectToast("Message required", "Please enter your message.");
    await expect(messageField(page)).toBeFocused();

    expect(requests).toBe(0);
  });

  test("sends, shows Sending... meanwhile, then Message sent! and clears every field", async ({
    page,
    expectToast,
  }) => {
    const release = await holdRequests(page, "**/api/contact");
    await fillValidMessage(page);
    const request = page.waitForRequest("**/api/contact");
    await sendButton(page).click();
    await expect(form(page).getByRole("button", { name: "Sending..." })).toBeDisabled();
    expect((await request).postDataJSON()).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "pitch",
      message: "I have a story of disruption to pitch.",
    });
    const reply = page.waitForResponse("**/api/contact");
    release();
    expect((await reply).status()).toBe(201);
    await expectToast("Message sent!", "We'll get back to you within 48 hours.");
    await expect(nameField(page)).toHaveValue("");
    await expect(emailField(page)).toHaveValue("");
    await expect(subjectField(page)).toHaveValue("");
    await expect(messageField(page)).toHaveValue("");
    await expect(sendButton(page)).toBeEnabled();
  });

  test("a refusal shows Failed to send message and keeps what was typed", async ({ page, expectToast }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, json: { success: false, message: "Something broke" } }),
    );
    await fillValidMessage(page);
    await sendButton(page).click();
    await expectToast("Failed to send message", "Please try again later.");
    await expect(nameField(page)).toHaveValue("Ada Lovelace");
    await expect(messageField(page)).toHaveValue("I have a story of disruption to pitch.");
    await expect(sendButton(page)).toBeEnabled();
  });

  test("a network failure shows Failed to send message", async ({ page, expectToast }) => {
    await page.route("**/api/contact", (route) => route.abort("failed"));
    await fillValidMessage(page);
    await sendButton(page).click();
    await expectToast("Failed to send message", "Please try again later.");
  });
});
