import { expect, type Page, test } from "@playwright/test";
import { defaultSiteSettings, newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { openPage } from "./support";

const embedOrigin = new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin;

test.beforeEach(async ({ page }) => {
  await page.route(`${embedOrigin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

const signUpDialog = (page: Page) =>
  page.getByRole("dialog", { name: `Stay informed ${defaultSiteSettings.showName}` });

async function openFromAccountMenu(page: Page) {
  await openPage(page, "/");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign In" }).click();
  await expect(signUpDialog(page)).toBeVisible();
  return signUpDialog(page);
}

/** Accepts every alert and returns the list of their messages. */
function collectAlerts(page: Page) {
  const alerts: string[] = [];
  page.on("dialog", async (dialog) => {
    alerts.push(dialog.message());
    await dialog.accept();
  });
  return alerts;
}

async function fill(page: Page, fields: { first: string; last: string; email: string }) {
  const dialog = signUpDialog(page);
  await dialog.getByLabel("First Name").fill(fields.first);
  await dialog.getByLabel("Last Name").fill(fields.last);
  await dialog.getByLabel("Email Address").fill(fields.email);
}

test.describe("sign-up modal", () => {
  test("has the spec's title, required fields, and Cancel closes it", async ({ page }) => {
    const dialog = await openFromAccountMenu(page);
    await expect(dialog.getByRole("heading")).toHaveText(`Stay informed ${defaultSiteSettings.showName}`);
    for (const label of ["First Name", "Last Name", "Email Address"]) {
      await expect(dialog.getByLabel(label)).toHaveAttribute("required", "");
    }
    await expect(dialog.getByLabel("Email Address")).toHaveAttribute("type", "email");
    await expect(dialog.getByLabel("First Name")).toBeFocused();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Account menu" })).toBeFocused();
  });

  test("alerts the spec's messages for blank fields and an address without @, and sends nothing", async ({ page }) => {
    await openFromAccountMenu(page);
    const subscribeCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/subscribe")) subscribeCalls.push(request.url());
    });
    const alerts = collectAlerts(page);

    await signUpDialog(page).getByRole("button", { name: "Sign Up" }).click();
    await expect.poll(() => alerts).toEqual(["Please fill in all fields."]);

    await fill(page, { first: "Ada", last: "   ", email: "ada@example.com" });
    await signUpDialog(page).getByRole("button", { name: "Sign Up" }).click();
    await expect.poll(() => alerts).toHaveLength(2);
    expect(alerts[1]).toBe("Please fill in all fields.");

    await fill(page, { first: "Ada", last: "Lovelace", email: "ada.example.com" });
    await signUpDialog(page).getByRole("button", { name: "Sign Up" }).click();
    await expect.poll(() => alerts).toHaveLength(3);
    expect(alerts[2]).toBe("Please enter a valid email address.");

    await expect(signUpDialog(page)).toBeVisible();
    expect(subscribeCalls).toEqual([]);
  });

  test("sends the three fields, shows Signing Up..., thanks, and then starts sign-in", async ({ page }) => {
    await openFromAccountMenu(page);
    let releaseRequest: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      releaseRequest = resolve;
    });
    let payload: unknown;
    await page.route("**/api/subscribe", async (route) => {
      payload = route.request().postDataJSON();
      await released;
      await route.continue();
    });

    const email = `modal-${Date.now()}@example.com`;
    await fill(page, { first: " Ada ", last: "Lovelace", email });
    await signUpDialog(page).getByRole("button", { name: "Sign Up" }).click();
    await expect(signUpDialog(page).getByRole("button", { name: "Signing Up..." })).toBeDisabled();
    releaseRequest();

    const thanks = page.getByRole("dialog", { name: "Thank You!" });
    await expect(thanks).toBeVisible();
    await expect(thanks).toContainText("sign in to your member account");
    await expect(signUpDialog(page)).toBeHidden();
    expect(payload).toEqual({ firstName: "Ada", lastName: "Lovelace", email });

    await thanks.getByRole("button", { name: "OK" }).click();
    await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fmembers%2Fdashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  });

  for (const failure of ["a server error", "a network error"] as const) {
    test(`alerts "Error signing up. Please try again." on ${failure} and stays open`, async ({ page }) => {
      await openFromAccountMenu(page);
      await page.route("**/api/subscribe", (route) =>
        failure === "a server error"
          ? route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false}' })
          : route.abort("connectionrefused"),
      );
      const alerts = collectAlerts(page);
      await fill(page, { first: "Ada", last: "Lovelace", email: "ada@example.com" });
      await signUpDialog(page).getByRole("button", { name: "Sign Up" }).click();
      await expect.poll(() => alerts).toEqual(["Error signing up. Please try again."]);
      await expect(signUpDialog(page)).toBeVisible();
      await expect(signUpDialog(page).getByRole("button", { name: "Sign Up" })).toBeEnabled();
      await expect(signUpDialog(page).getByLabel("Email Address")).toHaveValue("ada@example.com");
    });
  }

  test.describe("on a phone", { tag: "@mobile" }, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("Sign In / Join in the mobile menu opens the modal", async ({ page }) => {
      await openPage(page, "/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("button", { name: "Sign In / Join" }).click();
      await expect(signUpDialog(page)).toBeVisible();
      await signUpDialog(page).getByRole("button", { name: "Cancel" }).click();
      await expect(signUpDialog(page)).toBeHidden();
      await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    });
  });
});
