import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../fixtures";

const OWNER_PASSWORD = "no-script-owner-password";

test.use({ builtServerEnv: { ADMIN_PASSWORD: OWNER_PASSWORD } });

/** Submits a form as a browser without JavaScript does, and returns the status of the POST's answer. */
async function submit(page: Page, button: Locator) {
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await button.click();
  const response = await answer;
  await page.waitForLoadState("domcontentloaded");
  return response.status();
}

test.describe("without JavaScript", () => {
  test("an invited person sets their password from the mail's link and is signed in", async ({
    page,
    context,
    builtServer,
  }) => {
    const email = `no-script-staff-${Date.now()}@example.com`;
    // The owner invites by the API, then the browser forgets the owner's session.
    expect(
      (await page.request.post(`${builtServer.url}/api/admin/login`, { data: { password: OWNER_PASSWORD } })).ok(),
    ).toBe(true);
    const invited = await page.request.post(`${builtServer.url}/api/admin/staff`, { data: { email, role: "support" } });
    expect(invited.status()).toBe(201);
    await context.clearCookies();

    await builtServer.waitForOutput(new RegExp(`^\\[mail\\] to ${email.replace(/[.+]/g, "\\$&")}:`));
    const mail = builtServer.stdout().split(`[mail] to ${email}:`)[1];
    const link = /\/admin\/accept-invite\?token=[A-Za-z0-9_-]{43}/.exec(mail)?.[0] ?? "";
    await page.goto(`${builtServer.url}${link}`);
    await page.getByLabel("Password", { exact: true }).fill("the-support-password");
    await page.getByLabel("Confirm Password").fill("not-the-same-password");
    expect(await submit(page, page.getByRole("button", { name: "Set Password" }))).toBe(400);
    await expect(page.getByText("The passwords do not match.")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("the-support-password");
    await page.getByLabel("Confirm Password").fill("the-support-password");
    expect(await submit(page, page.getByRole("button", { name: "Set Password" }))).toBe(302);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Signed in as Support.")).toBeVisible();
  });
});
