import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures";

test.beforeEach(async ({ page }) => {
  // Other sites (the newsletter frame) are not reachable from the test machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Elsewhere</title>" }),
  );
});

/** Submits a form as a browser without JavaScript does, and returns the status of the POST's answer. */
async function submit(page: Page, button: Locator) {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await button.click();
  const response = await answer;
  await page.waitForLoadState("domcontentloaded");
  return response.status();
}

test.describe("without JavaScript", () => {
  // A server of its own, whose log this test reads: without SMTP_URL, a test server prints each mail whole.
  test("a member signs in by email link, from the request on /sign-in to a signed-in page", async ({
    page,
    builtServer,
  }) => {
    const email = `no-script-${Date.now()}@example.com`;
    await page.goto(`${builtServer.url}/sign-in?returnTo=/members/profile`);
    const form = page.getByRole("form", { name: "Email sign-in" });
    await form.getByLabel("Email Address").fill(email);
    expect(await submit(page, form.getByRole("button", { name: "Email Me a Sign-In Link" }))).toBe(200);
    await expect(page.getByRole("status")).toContainText("Check your email");

    // The whole mail is printed in one write, so its link is in the output once its first line is.
    await builtServer.waitForOutput(new RegExp(`^\\[mail\\] to ${email.replace(/[.+]/g, "\\$&")}:`));
    const mail = builtServer.stdout().split(`[mail] to ${email}:`)[1];
    const token = /\/sign-in\/verify\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(token).toBeDefined();

    await page.goto(`${builtServer.url}/sign-in/verify?token=${token}`);
    await expect(page.getByRole("heading", { level: 1, name: "Finish Signing In" })).toBeVisible();
    // The page's own form posts with its Origin (Referrer-Policy same-origin), which the server checks.
    expect(await submit(page, page.getByRole("button", { name: "Sign In" }))).toBe(302);
    await expect(page).toHaveURL(`${builtServer.url}/members/profile`);
    await expect(page.getByRole("heading", { level: 1, name: "Profile Settings" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Profile summary" })).toContainText(email);
  });
});
