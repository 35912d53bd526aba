import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { animationsSettled, openPage } from "./support";

/**
 * Every registered route of app/routes.ts but the splat, plus one unknown path for the 404 page. Pages that send a
 * visitor to sign-in (/members/guest-applications) are audited signed in, below.
 */
const ROUTES = [
  "/",
  "/about",
  "/briefing",
  "/podcast",
  "/podcast/episode-1-the-pivot-that-almost-sank-us",
  "/podcast/founders-who-failed-forward-the-unedited-cut",
  "/insights",
  "/insights/ai-agents-small-business",
  "/contact",
  "/links",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/guest-application",
  "/sign-in",
  "/sign-up",
  `/sign-in/verify?token=${"A".repeat(43)}`,
  "/members/dashboard",
  "/members/profile",
  "/members/premium-content",
  "/members/upgrade",
  "/members/events",
  "/members/resources",
  "/admin",
  "/admin/login",
  "/admin/guest-applications",
  "/admin/contacts",
  "/admin/subscribers",
  "/admin/content-calendar",
  "/admin/analytics",
  "/no-such-page",
];

const embedOrigin = new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin;

test.beforeEach(async ({ page }) => {
  // The newsletter platform is out of reach here; its frame is excluded from the audit and answered by a stub.
  await page.route(`${embedOrigin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

/**
 * Opens a hydrated page, then waits for the footer's frame to get its timestamp: effects' state updates, such as the
 * cookie notice's, are committed in that same render, so a check that something stays hidden is meaningful.
 */
async function gotoHydrated(page: Page, path: string) {
  await openPage(page, path);
  await expect(page.getByRole("contentinfo").locator("iframe")).toHaveAttribute("src", /[?&]t=\d+/);
  // Pages that fade in are measured once they are fully opaque.
  await animationsSettled(page);
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).exclude("iframe").analyze();
  const serious = results.violations
    .filter(({ impact }) => impact === "serious" || impact === "critical")
    .map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map(({ target }) => target.join(" ")) }));
  expect(serious).toEqual([]);
  const contrast = results.violations.find(({ id }) => id === "color-contrast");
  expect(contrast?.nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) ?? []).toEqual([]);
  expect(results.passes.map(({ id }) => id)).toContain("color-contrast");
}

test.describe("accessibility", () => {
  for (const path of ROUTES) {
    test(`${path} has no serious or critical axe violations and no contrast failures`, async ({ page, signInAs }) => {
      // Member pages are audited with their premium content, which only a signed-in premium member gets.
      if (path.startsWith("/members/")) await signInAs("premium");
      await gotoHydrated(page, path);
      await expectNoSeriousViolations(page);
    });
  }

  for (const path of ["/members/dashboard", "/members/upgrade", "/members/premium-content"]) {
    test(`${path} as a free member`, async ({ page, signInAs }) => {
      await signInAs("free");
      await gotoHydrated(page, path);
      await expectNoSeriousViolations(page);
    });
  }

  test("/members/premium-content with an episode's player open", async ({ page, signInAs }) => {
    await signInAs("premium");
    await gotoHydrated(page, "/members/premium-content");
    await page.getByRole("button", { name: "Listen Now" }).first().click();
    await expect(page.locator("audio")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("the home page with the account menu open", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Account menu" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Sign In" })).toBeVisible();
    await animationsSettled(menu);
    await expectNoSeriousViolations(page);
  });

  test("the home page with the sign-up modal open", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("First Name")).toBeFocused();
    await animationsSettled(dialog);
    await expectNoSeriousViolations(page);
  });

  test("the home page signed in, with the account menu and the Mock Auth Controls open", async ({ page, signInAs }) => {
    await signInAs("premium");
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Mock Auth Controls" }).click();
    await expect(page.getByRole("button", { name: "Sign In as Mock User" })).toBeEnabled();
    await page.getByRole("button", { name: "Account menu" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Premium Content" })).toBeVisible();
    await animationsSettled(menu);
    await expectNoSeriousViolations(page);
  });

  test("the home page with the cookie notice showing", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "cookieEnabled", { configurable: true, get: () => false });
    });
    await gotoHydrated(page, "/");
    await expect(page.getByRole("region", { name: "Cookie notice" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test.describe("signed in as the owner", () => {
    test.use({ signedInAs: "owner" });

    for (const path of [
      "/admin",
      "/admin/contacts",
      "/admin/subscribers",
      "/admin/content-calendar",
      "/admin/members",
      "/admin/email",
      "/members/guest-applications",
    ]) {
      test(`${path} with its data`, async ({ page }) => {
        await gotoHydrated(page, path);
        await expect(page.getByRole("button", { name: "Admin Dashboard" })).toBeVisible();
        await expectNoSeriousViolations(page);
      });
    }

    test("the admin menu open on a phone", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await gotoHydrated(page, "/admin/settings");
      await page.getByRole("button", { name: "Admin menu" }).click();
      await expect(page.getByRole("link", { name: "Settings", exact: true })).toBeFocused();
      await animationsSettled(page);
      await expectNoSeriousViolations(page);
    });

    test("the admin dashboard's other tabs", async ({ page }) => {
      await gotoHydrated(page, "/admin/contacts");
      for (const tab of ["Guest Applications", "Newsletter Subscribers"]) {
        await page.getByRole("tab", { name: tab }).click();
        await expect(page.getByRole("tabpanel", { name: tab })).toBeVisible();
        await expectNoSeriousViolations(page);
      }
    });

    test("the content calendar's series dialog", async ({ page }) => {
      await gotoHydrated(page, "/admin/content-calendar");
      await page.getByRole("button", { name: "Add New Series" }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Content Series" });
      await dialog.getByRole("button", { name: "Create Series" }).click();
      await expect(dialog.getByText("Title must be at least 3 characters")).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });

  test("/members/guest-applications for a premium member", async ({ page, signInAs }) => {
    await signInAs("premium");
    await gotoHydrated(page, "/members/guest-applications");
    await expect(page.getByRole("tab", { name: /All Applications/ })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test.describe("on a phone", { tag: "@mobile" }, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the home page with the mobile menu open", async ({ page }) => {
      await gotoHydrated(page, "/");
      await page.getByRole("button", { name: "Open menu" }).click();
      const mobileNav = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobileNav).toBeVisible();
      await animationsSettled(page.locator("[data-site-header]"));
      await expectNoSeriousViolations(page);
    });
  });
});
