import { defaultSiteSettings } from "../../app/lib/site-config";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

/**
 * On a second built server with a fresh database and no NEWSLETTER_URL: what a fresh clone shows, and the owner's
 * settings reaching every public surface. The shared server keeps the defaults the other specs assert.
 */
const MAIL_EVENTS_SECRET = "the-mail-providers-e2e-secret";
test.use({ builtServerEnv: { ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, MAIL_EVENTS_SECRET } });
test.describe.configure({ mode: "serial" });

test("a fresh site shows its own subscribe form where the newsletter frames would be", async ({
  page,
  builtServer,
}) => {
  await openPage(page, `${builtServer.url}/briefing`);
  const main = page.getByRole("main");
  await expect(main.locator("iframe")).toHaveCount(0);
  await expect(main.getByRole("form", { name: "Newsletter sign-up" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Browse the Archive" })).toHaveCount(0);

  const footer = page.getByRole("contentinfo");
  await expect(footer.locator("iframe")).toHaveCount(0);
  const footerForm = footer.getByRole("form", { name: "Newsletter sign-up" });
  await expect(footerForm).toBeVisible();
  await expect(footerForm.getByRole("button", { name: "Notify Me" })).toBeVisible();
});

test("the owner changes the tagline, description and X profile and sees them on the home page, the footer, the feed and the JSON-LD", async ({
  page,
  builtServer,
  notifications,
}) => {
  // A second server on a shared machine: logging in, saving and reading four surfaces outlasts the default 30 s.
  test.setTimeout(90_000);
  const tagline = "Founders confess. We listen.";
  const description = "Unpolished stories of founders who changed course, told by the people who lived them.";
  const xProfile = "https://x.com/confessions-new";

  await openPage(page, `${builtServer.url}/admin/login`);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);

  await openPage(page, `${builtServer.url}/admin/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  // The login just made heads the owner's record of sign-ins, with the browser it came from.
  const latestSignIn = page.getByRole("table", { name: "Recent sign-ins" }).getByRole("row").nth(1);
  await expect(latestSignIn).toContainText("Signed in");
  await expect(latestSignIn).toContainText("127.0.0.1");
  await expect(latestSignIn).toContainText("Chrome");
  await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue(defaultSiteSettings.tagline);
  await page.getByLabel("Tagline", { exact: true }).fill(tagline);
  await page.getByLabel("Description").fill(description);
  await page.getByLabel("X (Twitter) profile").fill(xProfile);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(notifications.getByText("Settings Saved")).toBeVisible();

  // A refused value is named, and nothing of it is stored.
  await page.getByLabel("YouTube profile").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(
    notifications.getByText("A social profile's link must be a web address starting with http:// or https://"),
  ).toBeVisible();

  await openPage(page, `${builtServer.url}/`);
  await expect(page.getByText(tagline, { exact: true })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByText(description, { exact: true })).toBeVisible();
  await expect(footer.locator(`a[href="${xProfile}"]`)).toHaveCount(1);
  await expect(page.getByRole("banner").locator(`a[href="${xProfile}"]`)).toHaveCount(1);

  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")));
  const organization = jsonLd.find((block) => block["@type"] === "Organization");
  expect(organization.sameAs).toContain(xProfile);
  expect(organization.sameAs).not.toContain(defaultSiteSettings.social[0].url);
  expect(jsonLd.find((block) => block["@type"] === "PodcastSeries").description).toBe(description);

  const feed = await page.request.get(`${builtServer.url}/podcast.xml`);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`<description><![CDATA[<p>${description}</p>]]></description>`);
});

test("a bounce the mail provider reports shows under Suppressed Addresses, and the owner lifts it", async ({
  page,
  builtServer,
  notifications,
}) => {
  test.setTimeout(90_000);
  const reported = await page.request.post(`${builtServer.url}/api/mail/events`, {
    headers: { authorization: `Bearer ${MAIL_EVENTS_SECRET}` },
    data: { events: [{ type: "bounce", email: "Gone@Example.com", reason: "550 5.1.1 No such mailbox" }] },
  });
  expect(reported.status()).toBe(200);

  await openPage(page, `${builtServer.url}/admin/login`);
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await openPage(page, `${builtServer.url}/admin/settings`);
  const row = page.getByRole("table", { name: "Suppressed Addresses" }).getByRole("row").nth(1);
  await expect(row).toContainText("gone@example.com");
  await expect(row).toContainText("Bounce");
  await expect(row).toContainText("550 5.1.1 No such mailbox");

  await row.getByRole("button", { name: "Lift gone@example.com" }).click();
  await expect(notifications.getByText("Suppression Lifted")).toBeVisible();
  await expect(page.getByText("No suppressed addresses", { exact: true })).toBeVisible();
});
