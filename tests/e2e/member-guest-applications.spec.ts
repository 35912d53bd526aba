import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { applyAsGuest } from "./owner-support";
import { holdRequests, openPage } from "./support";

const PREMIUM_EMAIL = "premium.member@example.com";

test.describe("/members/guest-applications", () => {
  test("sends a visitor to sign-in", async ({ page }) => {
    const response = await page.request.get("/members/guest-applications", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/api/login?returnTo=%2Fmembers%2Fguest-applications");
  });

  for (const tier of ["free", "basic"] as const) {
    test(`a ${tier} member sees Premium Access Required with Upgrade Membership`, async ({ page, signInAs }) => {
      await signInAs(tier);
      await openPage(page, "/members/guest-applications");
      await expect(page.getByRole("heading", { name: "Premium Access Required" })).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
      await page.getByRole("link", { name: "Upgrade Membership" }).click();
      await expect(page).toHaveURL(/\/members\/upgrade$/);
    });
  }

  test("a premium member sees the tabs with counts and per-tab empty states, and the form link", async ({
    page,
    signInAs,
  }) => {
    await signInAs("premium");
    await page.route("**/api/guests/applications", (route) =>
      route.fulfill({
        json: {
          success: true,
          message: "0 applications",
          data: [],
          page: 1,
          pageSize: 50,
          pageCount: 1,
          counts: { total: 0, matching: 0, archived: 0 },
        },
      }),
    );
    await openPage(page, "/members/guest-applications");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("tab")).toHaveText([
      "All Applications (0)",
      "Submitted (0)",
      "Reviewing (0)",
      "Approved (0)",
      "Scheduled (0)",
    ]);
    await expect(page.getByText("No applications yet")).toBeVisible();
    await page.getByRole("tab", { name: /Reviewing/ }).click();
    await expect(page.getByText("No reviewing applications")).toBeVisible();
    await page.getByRole("link", { name: "View Application Form" }).click();
    await expect(page).toHaveURL(/\/guest-application$/);
  });

  test("shows the spinner while refetching and Error Loading Applications when that fails", async ({
    page,
    signInAs,
  }) => {
    await signInAs("premium");
    await openPage(page, "/members/guest-applications");
    const release = await holdRequests(page, "**/api/guests/applications");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading applications..." })).toBeVisible();
    release();
    await page.unrouteAll({ behavior: "wait" });
    await page.route("**/api/guests/applications", (route) => route.fulfill({ status: 500, json: {} }));
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Error Loading Applications" })).toBeVisible();
  });
});

test.describe("/members/guest-applications with applications", () => {
  test.describe.configure({ mode: "serial" });

  async function viewFirst(page: Page, name: string) {
    await page.getByRole("row").filter({ hasText: name }).getByRole("button", { name: "View" }).click();
    return page.getByRole("dialog", { name });
  }

  test("a premium member sees only their own applications, without Change Status", async ({ page, signInAs }) => {
    const own = `Parker Own ${Date.now()}`;
    const other = `Someone Else ${Date.now()}`;
    await applyAsGuest(page.request, { name: own, email: PREMIUM_EMAIL.toUpperCase() });
    await applyAsGuest(page.request, { name: other, email: "someone.else@example.com" });
    await signInAs("premium");
    await openPage(page, "/members/guest-applications");
    await expect(page.getByRole("row").filter({ hasText: own })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: other })).toHaveCount(0);
    await expect(page.getByRole("tab", { name: /Submitted \(\d+\)/ })).toBeVisible();
    const dialog = await viewFirst(page, own);
    await expect(dialog.getByText(PREMIUM_EMAIL.toUpperCase())).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Update Status" })).toHaveCount(0);
  });

  test.describe("as the owner", () => {
    test.use({ signedInAs: "owner" });

    test("the owner sees every application and changes a status, with the badge colours", async ({ page }) => {
      const name = `Owner View ${Date.now()}`;
      await applyAsGuest(page.request, { name, email: "applicant@example.com" });
      await openPage(page, "/members/guest-applications");
      const dialog = await viewFirst(page, name);
      await expect(dialog.getByRole("button", { name: "Update Status" })).toBeDisabled();
      await dialog.getByRole("combobox", { name: "Change Status" }).click();
      await page.getByRole("option", { name: "Scheduled" }).click();
      await dialog.getByRole("button", { name: "Update Status" }).click();
      await expect(dialog.getByText("Scheduled").first()).toHaveClass(/purple/);
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
      await page.getByRole("tab", { name: /Scheduled/ }).click();
      await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
    });
  });
});
