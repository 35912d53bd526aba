import { expect, type Locator, type Page, test } from "@playwright/test";

/** Submits a form as a browser without JavaScript does, and returns the status of the page that answers. */
async function submit(page: Page, button: Locator) {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await button.click();
  const response = await answer;
  await page.waitForLoadState("domcontentloaded");
  return response.status();
}

test.beforeEach(async ({ page }) => {
  // Other sites (the newsletter frame) are not reachable from the test machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Elsewhere</title>" }),
  );
});

test.describe("without JavaScript", () => {
  test("the contact form names each missing field in the spec's order, keeps what was typed, then sends", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact" });
    const name = form.getByRole("textbox", { name: "Name" });
    const email = form.getByRole("textbox", { name: "Email" });
    const subject = form.getByRole("combobox", { name: "Subject" });
    const message = form.getByRole("textbox", { name: "Message" });
    const send = form.getByRole("button", { name: "Send Message" });
    const expectRefusal = async (title: string, description: string) => {
      const alert = page.getByRole("alert").filter({ hasText: title });
      await expect(alert).toHaveText(`${title}${description}`);
    };

    expect(await submit(page, send)).toBe(400);
    await expectRefusal("Name required", "Please enter your name.");

    await name.fill("Ada Lovelace");
    expect(await submit(page, send)).toBe(400);
    await expectRefusal("Valid email required", "Please enter a valid email address.");
    await expect(name).toHaveValue("Ada Lovelace");

    await email.fill("ada@example.com");
    expect(await submit(page, send)).toBe(400);
    await expectRefusal("Subject required", "Please select a subject.");
    await expect(email).toHaveValue("ada@example.com");

    await subject.selectOption("guest");
    expect(await submit(page, send)).toBe(400);
    await expectRefusal("Message required", "Please enter your message.");
    await expect(subject).toHaveValue("guest");
    await expect(name).toHaveValue("Ada Lovelace");

    await message.fill("Sent from a browser without scripts.");
    expect(await submit(page, send)).toBe(200);
    await expect(page.getByRole("status")).toHaveText("Message sent!We'll get back to you within 48 hours.");
    for (const field of [name, email, message]) await expect(field).toHaveValue("");
    await expect(subject).toHaveValue("");
  });

  test("the guest application shows each field's error, keeps what was typed, then confirms", async ({ page }) => {
    await page.goto("/guest-application");
    const form = page.getByRole("form", { name: "Guest application" });
    const field = (name: string) => form.getByRole("textbox", { name, exact: true });
    const submitButton = form.getByRole("button", { name: "Submit Application" });

    await field("Full Name").fill("Grace Hopper");
    await field("Twitter").fill("not a link");
    await field("Brief Biography").fill("Too short.");
    expect(await submit(page, submitButton)).toBe(400);
    await expect(field("Full Name")).toHaveValue("Grace Hopper");
    await expect(field("Twitter")).toHaveValue("not a link");
    await expect(field("Email Address")).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(field("Area of Expertise")).toHaveAccessibleDescription("Area of expertise is required");
    await expect(field("Proposed Topic or Conversation")).toHaveAccessibleDescription("Topic idea is required");
    await expect(field("Brief Biography")).toHaveAccessibleDescription("Biography should be at least 50 characters");
    await expect(field("Twitter")).toHaveAccessibleDescription("Please enter valid URLs");
    await expect(field("Full Name")).not.toHaveAttribute("aria-invalid", "true");

    await field("Email Address").fill("grace@example.com");
    await field("Twitter").fill("https://twitter.com/grace");
    await field("Area of Expertise").fill("Compilers");
    await field("Proposed Topic or Conversation").fill("Why the first bug was a moth");
    await field("Brief Biography").fill(
      "A pioneer of programming languages who taught machines to read English words.",
    );
    expect(await submit(page, submitButton)).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Application Submitted" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(
      "Application SubmittedYour guest application has been received. We'll be in touch soon!",
    );
    await expect(form).toHaveCount(0);
  });

  test("the launch list refuses an address it cannot use, keeps it, then subscribes", async ({ page }) => {
    await page.goto("/");
    const email = page.getByRole("textbox", { name: "Email address" });
    const notify = page.getByRole("button", { name: "Notify Me" });

    await email.fill("someone@localhost");
    expect(await submit(page, notify)).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("Invalid EmailPlease enter a valid email address.");
    await expect(email).toHaveValue("someone@localhost");

    await email.fill(`no-script-${Date.now()}@example.com`);
    expect(await submit(page, notify)).toBe(200);
    await expect(page.getByRole("status")).toHaveText(
      "Subscription SuccessfulYou'll be notified when the podcast launches!",
    );
    await expect(email).toHaveValue("");
  });

  test("sign-in by email explains a bad address, keeps it, then says the link is on its way", async ({ page }) => {
    await page.goto("/sign-in");
    const form = page.getByRole("form", { name: "Email sign-in" });
    const email = form.getByLabel("Email Address");
    const send = form.getByRole("button", { name: "Email Me a Sign-In Link" });

    await email.fill("not-an-address");
    expect(await submit(page, send)).toBe(400);
    await expect(email).toHaveValue("not-an-address");
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address.");

    await email.fill(`no-script-${Date.now()}@example.com`);
    expect(await submit(page, send)).toBe(200);
    const sent = page.getByRole("status").filter({ hasText: "Check your email" });
    await expect(sent).toContainText("If that address can receive email, a sign-in link is on its way.");
  });
});
