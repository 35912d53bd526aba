import { expect, test } from "./fixtures";
import { openPage } from "./support";

const SCREENS = [
  "Episodes",
  "Insights",
  "Stories",
  "Events",
  "Resources",
  "Content Calendar",
  "Analytics",
  "Contact Messages",
  "Guest Applications",
  "Subscribers",
  "Email",
  "Members",
  "Settings",
  "Staff",
  "Activity",
];

test.describe("the admin shell", () => {
  test.use({ signedInAs: "owner" });

  test("a sidebar names every screen, marks the current one and leads to the others", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, "/admin/subscribers");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link")).toHaveText(SCREENS);
    await expect(nav.getByRole("link", { name: "Subscribers", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toBeVisible();

    await nav.getByRole("link", { name: "Guest Applications", exact: true }).click();
    await expect(page).toHaveURL(/\/members\/guest-applications$/);
    await expect(nav.getByRole("link", { name: "Guest Applications", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByRole("link", { name: "Admin", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "At a glance" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Contact Messages" })).toHaveAttribute("aria-selected", "true");
  });

  test("on a phone one button opens the screens, Escape closes them and focus returns", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/admin/settings");
    const button = page.getByRole("button", { name: "Admin menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    const panel = page.locator(`#${await button.getAttribute("aria-controls")}`);
    await expect(panel).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const current = panel.getByRole("link", { name: "Settings", exact: true });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(current).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    await button.click();
    await panel.getByRole("link", { name: "Members", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/members$/);
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("a premium member", () => {
  // A context of its own would inherit the owner's stored session from a describe that signs the owner in, and a
  // member's sign-in on it would end the session every other owner test of the run shares.
  test.use({ signedInAs: "premium" });

  test("a premium member's applications page has no admin shell", async ({ page }) => {
    await openPage(page, "/members/guest-applications");
    await expect(page.getByRole("heading", { level: 1, name: "Guest Applications" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  });
});
