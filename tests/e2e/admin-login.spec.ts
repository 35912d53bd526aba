import type { Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

const passwordField = (page: Page) => page.getByLabel("Password");
const loginButton = (page: Page) => page.getByRole("button", { name: "Login to Admin Panel" });
const storedHints = (page: Page) =>
  page.evaluate(() => ({
    flag: localStorage.getItem("adminAuthenticated"),
    marker: localStorage.getItem("ownerMarker"),
  }));

test.describe("admin login", () => {
  test("/admin, /admin/login and /admin/guest-applications show the login form", async ({ page }) => {
    for (const path of ["/admin", "/admin/login", "/admin/guest-applications"]) {
      await test.step(path, async () => {
        await openPage(page, path);
        await expect(passwordField(page)).toHaveAttribute("type", "password");
        await expect(loginButton(page)).toBeVisible();
      });
    }
  });

  test("the owner's pages send a visitor and a premium member to the login form", async ({ page, signInAs }) => {
    const paths = ["/admin/contacts", "/admin/subscribers", "/admin/content-calendar"];
    for (const path of paths) {
      await test.step(`${path}, signed out`, async () => {
        const response = await page.goto(path);
        expect(response?.request().redirectedFrom()?.url()).toContain(path);
        await expect(page).toHaveURL(/\/admin\/login$/);
      });
    }
    await signInAs("premium");
    for (const path of paths) {
      await test.step(`${path}, as a premium member`, async () => {
        await page.goto(path);
        await expect(page).toHaveURL(/\/admin\/login$/);
        await expect(loginButton(page)).toBeVisible();
      });
    }
  });

  test("a wrong password shows Invalid password and stores nothing", async ({ page, notifications }) => {
    await openPage(page, "/admin/login");
    await passwordField(page).fill("not the password");
    await loginButton(page).click();
    await expect(notifications.getByText("Invalid password")).toBeVisible();
    await expect(notifications.getByText("Please check your password and try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await storedHints(page)).toEqual({ flag: null, marker: null });
    await page.goto("/admin/contacts");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("too many attempts show the server's message in the form", async ({ page }) => {
    await page.route("**/api/admin/login", (route) =>
      route.fulfill({
        status: 429,
        json: { success: false, message: "Too many login attempts. Please wait 15 minutes and try again." },
      }),
    );
    await openPage(page, "/admin/login");
    await passwordField(page).fill("anything");
    await loginButton(page).click();
    await expect(page.getByRole("alert").filter({ hasText: "Too many login attempts" })).toBeVisible();
  });

  test("the right password logs in, shows the owner's menu, and Logout ends it all", async ({
    page,
    notifications,
  }) => {
    await openPage(page, "/admin/login");
    await passwordField(page).fill(E2E_ADMIN_PASSWORD);
    await loginButton(page).click();
    await expect(notifications.getByText("Login successful")).toBeVisible();
    await expect(notifications.getByText("You are now logged in as an admin")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/contacts$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    expect(await storedHints(page)).toEqual({ flag: "true", marker: "true" });

    await page.getByRole("button", { name: "Admin Dashboard" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Contact Messages",
      "Guest Applications",
      "Episodes",
      "Insights",
      "Stories",
      "Members",
      "Events",
      "Resources",
      "Content Calendar",
      "Settings",
      "Logout",
    ]);
    await menu.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Admin Dashboard" })).toHaveCount(0);
    expect(await storedHints(page)).toEqual({ flag: null, marker: null });
    await page.goto("/admin/contacts");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test("with only the owner marker stored, a single button leads to the login", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("ownerMarker", "true"));
    await openPage(page, "/about");
    await expect(page.getByRole("button", { name: "Admin Dashboard" })).toHaveCount(0);
    await page.getByRole("link", { name: "Admin Login" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(loginButton(page)).toBeVisible();
  });

  test("without the marker or a session there is no admin button", async ({ page }) => {
    await openPage(page, "/about");
    await expect(page.getByRole("link", { name: "Admin Login" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Admin Dashboard" })).toHaveCount(0);
  });
});

test.describe("the owner's floating menu", () => {
  test.use({ signedInAs: "owner" });

  const destinations = [
    { item: "Contact Messages", url: /\/admin\/contacts$/, heading: "Admin Dashboard" },
    { item: "Guest Applications", url: /\/members\/guest-applications$/, heading: "Guest Applications" },
    { item: "Insights", url: /\/admin\/insights$/, heading: "Insights" },
    { item: "Stories", url: /\/admin\/stories$/, heading: "Stories" },
    { item: "Members", url: /\/admin\/members$/, heading: "Members" },
    { item: "Events", url: /\/admin\/events$/, heading: "Members' Events" },
    { item: "Resources", url: /\/admin\/resources$/, heading: "Members' Resources" },
    { item: "Content Calendar", url: /\/admin\/content-calendar$/, heading: "Content Calendar" },
    { item: "Settings", url: /\/admin\/settings$/, heading: "Settings" },
  ];
  // One page load for every item: each item is opened from the page the previous one led to, as the owner moves on.
  test("each item opens its page", async ({ page }) => {
    await openPage(page, "/about");
    for (const destination of destinations) {
      await test.step(destination.item, async () => {
        await page.getByRole("button", { name: "Admin Dashboard" }).click();
        await page.getByRole("menuitem", { name: destination.item }).click();
        await expect(page).toHaveURL(destination.url);
        await expect(page.getByRole("heading", { level: 1, name: destination.heading })).toBeVisible();
      });
    }
  });

  test("an owner who opens the login page goes to the dashboard, and /admin is the dashboard", async ({ page }) => {
    await openPage(page, "/admin/login");
    await expect(page).toHaveURL(/\/admin\/contacts$/);
    await openPage(page, "/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Contact Messages" })).toHaveAttribute("aria-selected", "true");
  });
});
