import type { Page } from "@playwright/test";
import { MOCK_USERS } from "../../app/features/auth/mock-users";
import { defaultSiteSettings, newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

const embedOrigin = new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin;

type AnalyticsCall = [string, string, Record<string, unknown>];

test.beforeEach(async ({ page }) => {
  await page.route(`${embedOrigin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

/** Stands in for the analytics tag; the calls survive navigations because they are recorded in the test. */
async function recordAnalytics(page: Page) {
  const calls: AnalyticsCall[] = [];
  await page.exposeFunction("recordGtag", (...args: AnalyticsCall) => {
    calls.push(args);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { gtag: (...args: unknown[]) => void; recordGtag: (...args: unknown[]) => void };
    w.gtag = (...args) => w.recordGtag(...args);
  });
  return calls;
}

const accountMenu = (page: Page) => page.getByRole("menu");

async function openAccountMenu(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(accountMenu(page)).toBeVisible();
}

test.describe("account menu", () => {
  for (const tier of ["free", "basic", "premium"] as const) {
    test(`signed in as a ${tier} member: name, email, My Account${tier === "premium" ? ", Premium Content" : ""}, Sign Out`, async ({
      page,
      signInAs,
    }) => {
      const mock = MOCK_USERS[tier];
      await signInAs(tier);
      await openPage(page, "/");
      await openAccountMenu(page);
      await expect(accountMenu(page)).toContainText(mock.firstName);
      await expect(accountMenu(page)).toContainText(mock.email);
      await expect(accountMenu(page).getByRole("menuitem", { name: "My Account" })).toHaveAttribute(
        "href",
        "/members/dashboard",
      );
      const premiumContent = accountMenu(page).getByRole("menuitem", { name: "Premium Content" });
      if (tier === "premium") await expect(premiumContent).toHaveAttribute("href", "/members/premium-content");
      else await expect(premiumContent).toHaveCount(0);
      await expect(accountMenu(page).getByRole("menuitem", { name: "Sign In" })).toHaveCount(0);
    });
  }

  test("Sign Out ends the session, goes home and sends the logout event", async ({ page, signInAs }) => {
    const analytics = await recordAnalytics(page);
    await signInAs("basic");
    await openPage(page, "/about");
    await openAccountMenu(page);
    await accountMenu(page).getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    // Sign-out loads a new document: its menu answers clicks only once React has taken it over.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await openAccountMenu(page);
    await expect(accountMenu(page).getByRole("menuitem", { name: "Sign In" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    expect(analytics).toContainEqual([
      "event",
      "logout",
      { event_category: "membership", event_label: "account_menu" },
    ]);
  });

  test("signed out, Sign In sends the login event and opens the sign-up modal", async ({ page }) => {
    const analytics = await recordAnalytics(page);
    await openPage(page, "/");
    await openAccountMenu(page);
    await expect(accountMenu(page)).toContainText("Sign up to get notified about new episodes and exclusive updates");
    await accountMenu(page).getByRole("menuitem", { name: "Sign In" }).click();
    await expect(page.getByRole("dialog", { name: `Stay informed ${defaultSiteSettings.showName}` })).toBeVisible();
    const membershipEvents = analytics.filter(([, , parameters]) => parameters.event_category === "membership");
    expect(membershipEvents).toEqual([
      ["event", "login", { event_category: "membership", event_label: "account_menu" }],
    ]);
  });

  test("My Account goes to the dashboard", async ({ page, signInAs }) => {
    await signInAs("free");
    await openPage(page, "/");
    await openAccountMenu(page);
    await accountMenu(page).getByRole("menuitem", { name: "My Account" }).click();
    await expect(page).toHaveURL("/members/dashboard");
  });
});

test.describe("mobile menu", { tag: "@mobile" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const tier of ["free", "premium"] as const) {
    test(`signed in as a ${tier} member shows the member block and links`, async ({ page, signInAs }) => {
      const mock = MOCK_USERS[tier];
      await signInAs(tier);
      await openPage(page, "/");
      await page.getByRole("button", { name: "Open menu" }).click();
      const account = page.getByRole("list", { name: "Your account" });
      await expect(account).toBeVisible();
      // The header's account popover, closed, holds the address too.
      const panelId = await page.getByRole("button", { name: "Close menu" }).getAttribute("aria-controls");
      await expect(page.locator(`[id="${panelId}"]`).getByText(mock.email)).toBeVisible();
      await expect(account.getByRole("link")).toHaveText([
        "Dashboard",
        "Profile Settings",
        ...(tier === "premium" ? ["Premium Content"] : []),
        "Sign Out",
      ]);
      await expect(account.getByRole("link", { name: "Profile Settings" })).toHaveAttribute("href", "/members/profile");
      await expect(account.getByRole("link", { name: "Sign Out" })).toHaveAttribute("href", "/api/logout");
      await expect(page.getByRole("button", { name: "Sign In / Join" })).toHaveCount(0);
    });
  }
});
