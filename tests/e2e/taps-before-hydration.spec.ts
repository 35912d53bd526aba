import type { Locator, Page, Response } from "@playwright/test";
import { expect, test } from "./fixtures";
import { rowOf, sendContactMessage, uniqueTag } from "./owner-support";

/**
 * Decision 052: a tap in the member or owner area before the page's scripts have run is either done (the button posts
 * its form, and the server's page says what happened) or plainly not offered (the button is disabled until the page
 * has hydrated). Every JavaScript module of the site is held back until `hydrate`, the pages posted meanwhile
 * included, so that the taps land on the server's HTML.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
    await released;
    // A module the page asked for before a form's post took it elsewhere is no longer wanted.
    await route.continue().catch(() => {});
  });
  const html = page.locator("html");
  return {
    async notHydrated() {
      await expect(html).not.toHaveAttribute("data-hydrated", "true");
    },
    async hydrate() {
      await expect(html).not.toHaveAttribute("data-hydrated", "true");
      release();
      await expect(html).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    },
  };
}

/** Taps `button` on the server's HTML and waits for the page its form posted to `path` answered with. */
async function postByTap(page: Page, button: Locator, path: string): Promise<Response> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === path,
  );
  await button.click();
  const response = await answered;
  return response;
}

/** The toast the server rendered into the page it answered a post with (components/form-flash.tsx). */
const postedToast = (page: Page, title: string) => page.getByRole("status").filter({ hasText: title });

test.describe("a member's taps before hydration", () => {
  test("Cancel Membership asks and cancels through the page's form", async ({ page, signInAs }) => {
    await signInAs("basic", { alias: `cancel-${uniqueTag()}` });
    const scripts = await holdScripts(page);
    await page.goto("/members/dashboard", { waitUntil: "commit" });
    const membership = page.getByRole("region", { name: "Your Membership" });
    await expect(membership.getByText("Basic Membership")).toBeVisible();
    await scripts.notHydrated();

    const asked = await postByTap(
      page,
      membership.getByRole("button", { name: "Cancel Membership" }),
      "/members/dashboard",
    );
    expect(asked.status()).toBe(200);
    const question = membership.getByRole("form", { name: "Cancel your membership?" });
    await expect(question.getByText("Your membership goes back to Free at once.")).toBeVisible();
    await expect(membership.getByText("Basic Membership")).toBeVisible();
    await scripts.notHydrated();

    const done = await postByTap(
      page,
      question.getByRole("button", { name: "Cancel Membership" }),
      "/members/dashboard",
    );
    expect(done.status()).toBe(200);
    await expect(postedToast(page, "Membership Updated")).toContainText("Your membership has been cancelled.");
    await expect(membership.getByText("Free Membership")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel Membership" })).toHaveCount(0);

    await scripts.hydrate();
    await expect(membership.getByText("Free Membership")).toBeVisible();
    await expect(membership.getByRole("link", { name: "Upgrade Now" })).toBeVisible();
  });

  test("Upgrade posts the plan and the page says it is done", async ({ page, signInAs }) => {
    await signInAs("free", { alias: `upgrade-${uniqueTag()}` });
    const scripts = await holdScripts(page);
    await page.goto("/members/upgrade", { waitUntil: "commit" });
    const basic = page.getByRole("region", { name: "Basic", exact: true });
    await expect(basic.getByRole("button", { name: "Upgrade to Basic" })).toBeEnabled();
    await scripts.notHydrated();

    const done = await postByTap(page, basic.getByRole("button", { name: "Upgrade to Basic" }), "/members/upgrade");
    expect(done.status()).toBe(200);
    await expect(postedToast(page, "Membership Upgraded!")).toContainText(
      "Your account has been upgraded to basic membership.",
    );
    await expect(page.getByText("Your current plan: Basic")).toBeVisible();
    await expect(basic.getByRole("button", { name: "Current Plan" })).toBeDisabled();

    await scripts.hydrate();
    await expect(page.getByText("Your current plan: Basic")).toBeVisible();
  });

  test("Delete My Account is not offered until the page is live, then opens its question", async ({
    page,
    signInAs,
  }) => {
    await signInAs("basic");
    const scripts = await holdScripts(page);
    await page.goto("/members/profile", { waitUntil: "commit" });
    const remove = page.getByRole("button", { name: "Delete My Account" });
    await expect(remove).toBeDisabled();
    await scripts.hydrate();
    await expect(remove).toBeEnabled();
    await remove.click();
    await expect(page.getByRole("alertdialog", { name: "Delete Your Account?" })).toBeVisible();
  });
});

test.describe("the owner's taps before hydration", () => {
  test.use({ signedInAs: "owner" });

  test("a contact message's actions and the tabs are not offered until the page is live, then archive", async ({
    page,
    notifications,
  }) => {
    const name = `Sender ${uniqueTag()}`;
    await sendContactMessage(page.request, {
      name,
      email: "sender@example.com",
      subject: "pitch",
      message: "Tapped before the scripts arrived.",
    });
    const scripts = await holdScripts(page);
    await page.goto("/admin/contacts", { waitUntil: "commit" });
    const row = rowOf(page.getByRole("table", { name: "Contact messages" }), name);
    const archive = row.getByRole("button", { name: "Archive" });
    await expect(row.getByText("New", { exact: true })).toBeVisible();
    for (const button of [
      row.getByRole("button", { name: "View" }),
      archive,
      row.getByRole("button", { name: "Delete" }),
    ]) {
      await expect(button).toBeDisabled();
    }
    await expect(page.getByRole("tab", { name: "Guest Applications" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: "Show Archived" })).toBeDisabled();

    await scripts.hydrate();
    await expect(page.getByRole("tab", { name: "Guest Applications" })).toBeEnabled();
    await expect(archive).toBeEnabled();
    await archive.click();
    await expect(notifications.getByText("Contact archived successfully")).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
