import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openPage, pauseClock } from "./support";

/**
 * Every test that upgrades signs in under an alias of its own: its copy of the mock user changes tier without
 * touching the shared mock users other tests are signed in as at the same time.
 */

const planCard = (page: Page, name: "Basic" | "Premium") => page.getByRole("region", { name, exact: true });
const upgradeButton = (page: Page, name: "Basic" | "Premium") => planCard(page, name).getByRole("button");

test("the upgrade page shows both plans and the FAQ", async ({ page, signInAs }) => {
  await signInAs("free");
  await openPage(page, "/members/upgrade");
  await expect(page.getByRole("heading", { level: 1, name: "Upgrade Your Membership" })).toBeVisible();

  const basic = planCard(page, "Basic");
  await expect(basic.getByText("$5/month")).toBeVisible();
  await expect(basic.getByText("For casual listeners")).toBeVisible();
  await expect(basic.getByRole("list", { name: "Basic features" }).getByRole("listitem")).toHaveText([
    "Ad-free episodes",
    "Early access to regular episodes",
    "Monthly newsletter",
  ]);
  await expect(basic.getByText("RECOMMENDED")).toHaveCount(0);

  const premium = planCard(page, "Premium");
  await expect(premium.getByText("$12/month")).toBeVisible();
  await expect(premium.getByText("For dedicated disruptors")).toBeVisible();
  await expect(premium.getByText("RECOMMENDED")).toBeVisible();
  await expect(premium.getByRole("list", { name: "Premium features" }).getByRole("listitem")).toHaveText([
    "All Basic features",
    "Exclusive premium episodes",
    "Resource library access",
    "Priority Q&A access",
    "Virtual events access",
  ]);

  const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
  await expect(faq.getByText("Memberships are billed monthly.")).toBeVisible();
  await expect(faq.getByText(/cancel your membership anytime from your dashboard/)).toBeVisible();
  await expect(faq.getByText(/take effect at the start of your next billing cycle/)).toBeVisible();
  await expect(faq.getByText(/receive an email/)).toBeVisible();

  await expect(upgradeButton(page, "Basic")).toHaveText("Upgrade to Basic");
  await expect(upgradeButton(page, "Basic")).toBeEnabled();
  await expect(upgradeButton(page, "Premium")).toHaveText("Upgrade to Premium");
  await expect(upgradeButton(page, "Premium")).toBeEnabled();
});

test("a basic member can only choose Premium", async ({ page, signInAs }) => {
  await signInAs("basic");
  await openPage(page, "/members/upgrade");
  await expect(upgradeButton(page, "Basic")).toHaveText("Current Plan");
  await expect(upgradeButton(page, "Basic")).toBeDisabled();
  await expect(upgradeButton(page, "Premium")).toBeEnabled();
});

test("a premium member cannot change plan: both buttons are disabled", async ({ page, signInAs }) => {
  await signInAs("premium");
  await openPage(page, "/members/upgrade");
  await expect(upgradeButton(page, "Basic")).toBeDisabled();
  await expect(upgradeButton(page, "Premium")).toHaveText("Current Plan");
  await expect(upgradeButton(page, "Premium")).toBeDisabled();
});

test("upgrading free to basic: Processing..., the success toast, then the dashboard after 1500 ms", async ({
  page,
  signInAs,
  notifications,
}) => {
  await signInAs("free", { alias: "upgrade-free-to-basic" });
  await page.clock.install();
  await openPage(page, "/members/upgrade");
  await pauseClock(page);

  // Holds the request so that the in-flight state can be seen, then lets it reach the real server.
  let releaseRequest = () => {};
  const requestHeld = new Promise<void>((resolve) => {
    page.route("/api/auth/membership", async (route) => {
      resolve();
      await new Promise<void>((release) => {
        releaseRequest = release;
      });
      await route.continue();
    });
  });

  await upgradeButton(page, "Basic").click();
  await requestHeld;
  await expect(upgradeButton(page, "Basic")).toHaveText("Processing...");
  await expect(upgradeButton(page, "Basic")).toBeDisabled();
  await expect(upgradeButton(page, "Premium")).toBeDisabled();
  releaseRequest();

  await expect(notifications.getByRole("listitem")).toHaveCount(1);
  await expect(notifications.getByRole("listitem").first()).toContainText("Membership Upgraded!");
  await expect(notifications.getByRole("listitem").first()).toContainText(
    "Your account has been upgraded to basic membership.",
  );
  await expect(upgradeButton(page, "Basic")).toHaveText("Current Plan");

  await page.clock.runFor(1400);
  await expect(page).toHaveURL("/members/upgrade");
  await page.clock.runFor(200);
  await expect(page).toHaveURL("/members/dashboard");
  await expect(page.getByRole("main").getByText("Basic Membership", { exact: true })).toBeVisible();
});

test("upgrading basic to premium opens the premium content", async ({ page, signInAs, notifications }) => {
  await signInAs("basic", { alias: "upgrade-basic-to-premium" });
  await openPage(page, "/members/upgrade");
  await upgradeButton(page, "Premium").click();
  await expect(notifications.getByRole("listitem").first()).toContainText(
    "Your account has been upgraded to premium membership.",
  );
  await expect(page).toHaveURL("/members/dashboard");
  await expect(page.getByRole("main").getByText("Premium Membership", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Listen Now: Premium Podcast Episodes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Premium Content" })).toBeVisible();
});

test("a refused upgrade shows the failure toast and lets the member try again", async ({
  page,
  signInAs,
  notifications,
}) => {
  await signInAs("free", { alias: "upgrade-refused" });
  await openPage(page, "/members/upgrade");
  // Another tab upgrades the same member to premium meanwhile, so this page's Basic choice is now a downgrade.
  const elsewhere = await page.request.post("/api/auth/membership", { data: { membershipTier: "premium" } });
  expect(elsewhere.ok()).toBe(true);

  await upgradeButton(page, "Basic").click();
  const toast = notifications.getByRole("listitem").first();
  await expect(toast).toContainText("Upgrade Failed");
  await expect(toast).toContainText("There was an error upgrading your membership. Please try again.");
  await expect(toast).toHaveClass(/destructive/);
  await expect(page).toHaveURL("/members/upgrade");
  await expect(upgradeButton(page, "Basic")).toHaveText("Upgrade to Basic");
});

test("a network failure shows the failure toast", async ({ page, signInAs, notifications }) => {
  await signInAs("free");
  await openPage(page, "/members/upgrade");
  await page.route("/api/auth/membership", (route) => route.abort("connectionfailed"));
  await upgradeButton(page, "Premium").click();
  await expect(notifications.getByRole("listitem").first()).toContainText("Upgrade Failed");
  await expect(upgradeButton(page, "Premium")).toBeEnabled();
});
