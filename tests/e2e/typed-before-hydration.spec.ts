import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";

/**
 * Holds back every JavaScript module of the site until `release` is called, opens `path` and waits for `field`, so
 * that a test can type into a page the scripts have not yet reached. After release, it waits for hydration.
 */
async function openBeforeScripts(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  // Other sites (the newsletter frame) are not reachable from the test machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Elsewhere</title>" }),
  );
  await page.goto(path, { waitUntil: "commit" });
  return {
    async hydrate() {
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
      release();
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    },
  };
}

const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });

test.describe("text typed before the scripts run", () => {
  test("the contact form keeps it through hydration and sends it", async ({ page }) => {
    const scripts = await openBeforeScripts(page, "/contact");
    const form = page.getByRole("form", { name: "Contact" });
    await form.getByRole("textbox", { name: "Name" }).fill("Ada Lovelace");
    await form.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
    await form.getByRole("combobox", { name: "Subject" }).selectOption("pitch");
    await form.getByRole("textbox", { name: "Message" }).fill("Typed before the scripts arrived.");
    await scripts.hydrate();

    await expect(form.getByRole("textbox", { name: "Name" })).toHaveValue("Ada Lovelace");
    await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue("ada@example.com");
    await expect(form.getByRole("combobox", { name: "Subject" })).toHaveValue("pitch");
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("Typed before the scripts arrived.");
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/contact"));
    await form.getByRole("button", { name: "Send Message" }).click();
    expect((await sent).postDataJSON()).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "pitch",
      message: "Typed before the scripts arrived.",
    });
    await expect(notifications(page).getByText("Message sent!", { exact: true })).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Name" })).toHaveValue("");
  });

  test("the guest application keeps it through hydration and sends it", async ({ page }) => {
    const scripts = await openBeforeScripts(page, "/guest-application");
    const form = page.getByRole("form", { name: "Guest application" });
    const field = (name: string) => form.getByRole("textbox", { name, exact: true });
    const biography = "A founder who rebuilt a logistics company around one honest spreadsheet and a bad year.";
    await field("Full Name").fill("Grace Hopper");
    await field("Email Address").fill("grace@example.com");
    await field("LinkedIn").fill("https://www.linkedin.com/in/grace");
    await field("Area of Expertise").fill("Compilers");
    await field("Proposed Topic or Conversation").fill("Why the first bug was a moth");
    await field("Brief Biography").fill(biography);
    await scripts.hydrate();

    await expect(field("Full Name")).toHaveValue("Grace Hopper");
    await expect(field("LinkedIn")).toHaveValue("https://www.linkedin.com/in/grace");
    await expect(field("Brief Biography")).toHaveValue(biography);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/guests/apply"));
    await form.getByRole("button", { name: "Submit Application" }).click();
    expect((await sent).postDataJSON()).toEqual({
      name: "Grace Hopper",
      email: "grace@example.com",
      expertise: "Compilers",
      topicIdea: "Why the first bug was a moth",
      biography,
      socialLinks: { linkedin: "https://www.linkedin.com/in/grace" },
    });
    await expect(page.getByRole("heading", { level: 1, name: "Application Submitted" })).toBeVisible();
  });

  test("the launch list keeps it through hydration and sends it", async ({ page }) => {
    const scripts = await openBeforeScripts(page, "/");
    const email = `early-${Date.now()}@example.com`;
    const field = page.getByRole("textbox", { name: "Email address" });
    await field.fill(email);
    await scripts.hydrate();

    await expect(field).toHaveValue(email);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/subscribe"));
    await page.getByRole("button", { name: "Notify Me" }).click();
    expect((await sent).postDataJSON()).toEqual({ email });
    await expect(notifications(page).getByText("Subscription Successful", { exact: true })).toBeVisible();
    await expect(field).toHaveValue("");
  });

  test("sign-in by email keeps it through hydration and sends it", async ({ page }) => {
    const scripts = await openBeforeScripts(page, "/sign-in");
    const form = page.getByRole("form", { name: "Email sign-in" });
    const email = `early-${Date.now()}@example.com`;
    await form.getByLabel("Email Address").fill(email);
    await scripts.hydrate();

    await expect(form.getByLabel("Email Address")).toHaveValue(email);
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/auth/email-link"));
    await form.getByRole("button", { name: "Email Me a Sign-In Link" }).click();
    expect((await sent).postDataJSON()).toEqual({ email, returnTo: "/members/dashboard" });
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toBeVisible();
  });

  test("the owner's login keeps the password through hydration, enables its button and logs in", async ({ page }) => {
    const scripts = await openBeforeScripts(page, "/admin/login");
    await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
    await scripts.hydrate();

    await expect(page.getByLabel("Password")).toHaveValue(E2E_ADMIN_PASSWORD);
    const login = page.getByRole("button", { name: "Login to Admin Panel" });
    await expect(login).toBeEnabled();
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/admin/login"));
    await login.click();
    expect((await sent).postDataJSON()).toEqual({ password: E2E_ADMIN_PASSWORD });
    await expect(page).toHaveURL(/\/admin\/contacts$/);
  });
});
