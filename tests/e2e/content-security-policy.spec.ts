import type { Page } from "@playwright/test";
import { defaultSiteSettings, newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

const embedOrigin = new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin;

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Records every CSP violation the page reports, from the first script on; init scripts are exempt from the CSP. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.cspViolations?.push(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  const consoleReports: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
      consoleReports.push(message.text());
  });
  await page.route(`${embedOrigin}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Embed</title><p>Newsletter sign-up form</p>",
    }),
  );
  return async () => [...(await page.evaluate(() => window.cspViolations ?? [])), ...consoleReports];
}

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/briefing",
  "/podcast",
  "/podcast/episode-1-the-pivot-that-almost-sank-us",
  "/insights",
  "/insights/ai-agents-small-business",
  "/contact",
  "/links",
  "/guest-application",
  "/sign-in",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/no-such-page",
];

test.describe("content security policy", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} loads under the policy and reports no violation`, async ({ page }) => {
      const violations = await recordViolations(page);
      const response = await openPage(page, path);
      const scriptFree = (await page.locator('html[data-page-scripts="none"]').count()) === 1;
      // Pages rendered for the request carry its nonce; pages served from the page cache list their scripts' hashes:
      // a stored page without React just the one of the inline script that loads its small script.
      const scriptSources = !response?.headers()["x-page-cache"]
        ? /script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/
        : scriptFree
          ? /script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/
          : /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/;
      expect(response?.headers()["content-security-policy"]).toMatch(scriptSources);
      const frame = page.getByTitle("Subscribe to The Briefing newsletter").first();
      await frame.scrollIntoViewIfNeeded();
      await expect(frame.contentFrame().getByText("Newsletter sign-up form")).toBeVisible();
      expect(await violations()).toEqual([]);
    });
  }

  test("a member page hydrates under the policy and reports no violation", async ({ page, signInAs }) => {
    await signInAs("premium");
    const violations = await recordViolations(page);
    await openPage(page, "/members/dashboard");
    expect(await violations()).toEqual([]);
  });

  test("the home page's teaser video plays under the policy", async ({ page }) => {
    const violations = await recordViolations(page);
    await openPage(page, "/");
    const video = page.getByLabel(`${defaultSiteSettings.showName} teaser`);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
  });

  test("an inline script without the response's nonce is blocked and reported", async ({ page }) => {
    const violations = await recordViolations(page);
    await openPage(page, "/");
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.injectedScriptRan = true";
      document.body.append(script);
      return (window as Window & { injectedScriptRan?: boolean }).injectedScriptRan ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(violations).toContainEqual(expect.stringMatching(/^script-src-elem blocked inline /));
  });

  test("no other site can frame the pages", async ({ request }) => {
    const headers = (await request.get("/")).headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
  });
});
