import type { Page } from "@playwright/test";
import { newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { holdRequests, openPage } from "./support";

const form = (page: Page) => page.getByRole("form", { name: "Guest application" });
const field = (page: Page, name: string) => form(page).getByRole("textbox", { name, exact: true });
const submitButton = (page: Page) => form(page).getByRole("button", { name: "Submit Application" });

const BIOGRAPHY = "Founder of a logistics start-up that nearly failed twice, now advising other founders.";

async function fillRequiredFields(page: Page) {
  await field(page, "Full Name").fill("Grace Hopper");
  await field(page, "Email Address").fill("grace@example.com");
  await field(page, "Area of Expertise").fill("Software and the Navy");
  await field(page, "Proposed Topic or Conversation").fill("Why the first bug was a moth");
  await field(page, "Brief Biography").fill(BIOGRAPHY);
}

/** The error text tied to a field through aria-describedby. */
async function expectFieldError(page: Page, name: string, message: string) {
  const input = field(page, name);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(message);
}

test.beforeEach(async ({ page }) => {
  await page.route(`${new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
  await openPage(page, "/guest-application");
});

test.describe("/guest-application", () => {
  test("shows the intro, the Before you apply notice and the three sections of fields", async ({ page }) => {
    await expect(page.getByRole("heading", { level: 1, name: "Become a Guest" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Before you apply" })).toBeVisible();
    const sections = {
      "Personal Information": ["Full Name", "Email Address", "Company/Organization (optional)", "Job Title (optional)"],
      "Social Media": ["LinkedIn", "Twitter", "Website", "Other"],
      "Expertise and Topic": [
        "Area of Expertise",
        "Proposed Topic or Conversation",
        "Brief Biography",
        "Past Podcast/Speaking Appearances (optional)",
        "Additional Notes (optional)",
      ],
    };
    for (const [section, labels] of Object.entries(sections)) {
      const group = form(page).getByRole("group", { name: section });
      for (const label of labels) await expect(group.getByRole("textbox", { name: label, exact: true })).toBeVisible();
    }
  });

  test("shows the spec's messages beside the fields, focuses the first, and sends nothing", async ({ page }) => {
    let requests = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/guests/apply")) requests++;
    });
    await submitButton(page).click();
    await expectFieldError(page, "Full Name", "Name is required");
    await expectFieldError(page, "Email Address", "Please enter a valid email address");
    await expectFieldError(page, "Area of Expertise", "Area of expertise is required");
    await expectFieldError(page, "Proposed Topic or Conversation", "Topic idea is required");
    await expectFieldError(page, "Brief Biography", "Biography should be at least 50 characters");
    await expect(field(page, "Full Name")).toBeFocused();
    expect(requests).toBe(0);
  });

  test("refuses a short biography and a link that is not an http(s) URL, focusing the first on the page", async ({
    page,
  }) => {
    await fillRequiredFields(page);
    await field(page, "Brief Biography").fill("Too short.");
    await field(page, "LinkedIn").fill("javascript:alert(1)");
    await submitButton(page).click();
    await expectFieldError(page, "LinkedIn", "Please enter valid URLs");
    await expectFieldError(page, "Brief Biography", "Biography should be at least 50 characters");
    await expect(field(page, "LinkedIn")).toBeFocused();
    await expect(field(page, "Full Name")).not.toHaveAttribute("aria-invalid");
  });

  test("submits, shows Submitting..., then the toast and the confirmation card in place of the page", async ({
    page,
    expectToast,
  }) => {
    const release = await holdRequests(page, "**/api/guests/apply");
    await fillRequiredFields(page);
    await field(page, "Company/Organization (optional)").fill("US Navy");
    await field(page, "Website").fill("https://grace.example.org");
    const request = page.waitForRequest("**/api/guests/apply");
    await submitButton(page).click();
    await expect(form(page).getByRole("button", { name: "Submitting..." })).toBeDisabled();
    expect((await request).postDataJSON()).toEqual({
      name: "Grace Hopper",
      email: "grace@example.com",
      company: "US Navy",
      expertise: "Software and the Navy",
      topicIdea: "Why the first bug was a moth",
      biography: BIOGRAPHY,
      socialLinks: { website: "https://grace.example.org" },
    });
    const reply = page.waitForResponse("**/api/guests/apply");
    release();
    expect((await reply).status()).toBe(201);

    await expectToast("Application Submitted", "Your guest application has been received. We'll be in touch soon!");
    const confirmation = page.getByRole("heading", { level: 1, name: "Application Submitted" });
    await expect(confirmation).toBeFocused();
    await expect(form(page)).toHaveCount(0);
    await expect(page.getByRole("complementary", { name: "Before you apply" })).toHaveCount(0);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a refusal shows Submission Failed with the server's message and its field errors", async ({
    page,
    expectToast,
  }) => {
    await page.route("**/api/guests/apply", (route) =>
      route.fulfill({
        status: 400,
        json: {
          success: false,
          message: "Please enter a valid email address",
          errors: { email: ["Please enter a valid email address"] },
        },
      }),
    );
    await fillRequiredFields(page);
    await submitButton(page).click();
    await expectToast("Submission Failed", "Please enter a valid email address");
    await expectFieldError(page, "Email Address", "Please enter a valid email address");
    await expect(submitButton(page)).toBeEnabled();
    await expect(field(page, "Full Name")).toHaveValue("Grace Hopper");
  });

  test("a refusal without a message falls back to the generic text", async ({ page, expectToast }) => {
    await page.route("**/api/guests/apply", (route) =>
      route.fulfill({ status: 500, contentType: "text/html", body: "<h1>oops</h1>" }),
    );
    await fillRequiredFields(page);
    await submitButton(page).click();
    await expectToast("Submission Failed", "An error occurred while submitting your application. Please try again.");
  });

  test("a network failure falls back to the generic text", async ({ page, expectToast }) => {
    await page.route("**/api/guests/apply", (route) => route.abort("failed"));
    await fillRequiredFields(page);
    await submitButton(page).click();
    await expectToast("Submission Failed", "An error occurred while submitting your application. Please try again.");
  });
});
