import { newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

test.beforeEach(async ({ page }) => {
  await page.route(`${new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

const PUBLIC_FORMS = [
  { path: "/contact", form: "Contact" },
  { path: "/guest-application", form: "Guest application" },
  { path: "/", form: "Launch list" },
  { path: "/sign-in", form: "Email sign-in" },
];

for (const { path, form } of PUBLIC_FORMS) {
  test(`the ${form} form has a honeypot no person sees, reaches or has filled in`, async ({ page }) => {
    await openPage(page, path);
    const honeypot = page.getByRole("form", { name: form }).locator('input[name="homepage"]');
    await expect(honeypot).toHaveCount(1);
    await expect(honeypot).toHaveAttribute("tabindex", "-1");
    await expect(honeypot).toHaveAttribute("autocomplete", "off");
    await expect(honeypot).toHaveValue("");
    await expect(honeypot).not.toBeInViewport();
    await expect(page.getByRole("form", { name: form }).getByRole("textbox", { name: "Homepage" })).toHaveCount(0);
  });
}

test("the launch list shows a 429's message as Subscription Failed", async ({ page, notifications }) => {
  await page.route("**/api/subscribe", (route) =>
    route.fulfill({ status: 429, json: { success: false, message: TOO_MANY } }),
  );
  await openPage(page, "/");
  await page.getByRole("textbox", { name: "Email address" }).fill("listener@example.com");
  const sent = page.waitForRequest("**/api/subscribe");
  await page.getByRole("button", { name: "Notify Me" }).click();
  expect((await sent).postDataJSON()).toEqual({ email: "listener@example.com" });
  await expect(notifications.getByText("Subscription Failed", { exact: true })).toBeVisible();
  await expect(notifications.getByText(TOO_MANY, { exact: true })).toBeVisible();
});

test("the contact form shows a 429's message in its failure toast", async ({ page, notifications }) => {
  await page.route("**/api/contact", (route) =>
    route.fulfill({ status: 429, json: { success: false, message: TOO_MANY } }),
  );
  await openPage(page, "/contact");
  const form = page.getByRole("form", { name: "Contact" });
  await form.getByRole("textbox", { name: "Name" }).fill("Ada Lovelace");
  await form.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
  await form.getByRole("combobox", { name: "Subject" }).selectOption("pitch");
  await form.getByRole("textbox", { name: "Message" }).fill("A story to pitch.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(notifications.getByText("Failed to send message", { exact: true })).toBeVisible();
  await expect(notifications.getByText(TOO_MANY, { exact: true })).toBeVisible();
});

test("software that fills the honeypot is told it subscribed, and the owner's list does not get the address", async ({
  page,
  notifications,
  requestAs,
}) => {
  const email = `robot-${Date.now()}@example.com`;
  const person = `person-${Date.now()}@example.com`;
  expect((await page.request.post("/api/subscribe", { data: { email: person } })).ok()).toBe(true);
  await openPage(page, "/");
  const form = page.getByRole("form", { name: "Launch list" });
  await form.locator('input[name="homepage"]').fill("https://spam.example");
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  const sent = page.waitForRequest("**/api/subscribe");
  await form.getByRole("button", { name: "Notify Me" }).click();
  expect((await sent).postDataJSON()).toEqual({ email, homepage: "https://spam.example" });
  await expect(notifications.getByText("Subscription Successful", { exact: true })).toBeVisible();

  const owner = await requestAs("owner");
  const list = (await (await owner.get("/api/subscribers")).json()) as { data: { email: string }[] };
  const listed = list.data.map((subscriber) => subscriber.email);
  expect(listed).toContain(person);
  expect(listed).not.toContain(email);
});
