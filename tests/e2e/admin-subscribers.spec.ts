import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { rowOf, subscribe, uniqueTag } from "./owner-support";
import { holdRequests, openPage } from "./support";

test.use({ signedInAs: "owner" });

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search subscribers" });
const table = (page: Page) => page.getByRole("table", { name: "Newsletter subscribers" });

test.describe("newsletter subscribers", () => {
  test("lists subscribers with their columns, and search filters by email or first name", async ({ page }) => {
    const tag = uniqueTag();
    await subscribe(page.request, { email: `ada-${tag}@example.com`, firstName: `Ada${tag}`, lastName: "L" });
    await subscribe(page.request, { email: `grace-${tag}@example.com`, firstName: "Grace", lastName: "H" });
    await openPage(page, "/admin/subscribers");
    await expect(page.getByRole("heading", { level: 1, name: "Newsletter Subscribers" })).toBeVisible();
    await expect(table(page).getByRole("columnheader")).toHaveText(["Email", "First Name", "Subscribed On", "Actions"]);
    const today = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(rowOf(table(page), `ada-${tag}@example.com`).getByRole("cell")).toHaveText([
      `ada-${tag}@example.com`,
      `Ada${tag}`,
      today.format(new Date()),
      "",
    ]);

    await searchBox(page).fill(tag.toUpperCase());
    await expect(table(page).getByRole("row")).toHaveCount(3);
    await expect(table(page).locator("caption")).toHaveText(/^\d+ subscribers in total, 2 shown$/);
    await searchBox(page).fill(`ada${tag}`);
    await expect(table(page).getByRole("row")).toHaveCount(2);
    await expect(rowOf(table(page), `ada-${tag}@example.com`)).toBeVisible();
    await searchBox(page).fill(`nobody-${tag}`);
    await expect(page.getByText("No subscribers found matching the search")).toBeVisible();
  });

  test("archive hides a subscriber until Show Archived, dimmed with a badge; Unarchive restores", async ({
    page,
    notifications,
  }) => {
    const email = `archive-${uniqueTag()}@example.com`;
    await subscribe(page.request, { email });
    await openPage(page, "/admin/subscribers");
    await searchBox(page).fill(email);
    await rowOf(table(page), email).getByRole("button", { name: "Archive" }).click();
    await expect(notifications.getByText("Subscriber Archived")).toBeVisible();
    await expect(page.getByText("No subscribers found matching the search")).toBeVisible();

    await page.getByRole("switch", { name: "Show Archived" }).click();
    await expect(rowOf(table(page), email)).toHaveClass(/opacity-60/);
    await expect(rowOf(table(page), email).getByText("Archived", { exact: true })).toBeVisible();
    await rowOf(table(page), email).getByRole("button", { name: "Unarchive" }).click();
    await expect(notifications.getByText("Subscriber Restored")).toBeVisible();
    await page.getByRole("switch", { name: "Show Archived" }).click();
    await expect(rowOf(table(page), email)).toBeVisible();
    await expect(rowOf(table(page), email).getByText("Archived", { exact: true })).toHaveCount(0);
  });

  test("an action answered after a search has applied reloads the searched list, not the one of its click", async ({
    page,
    notifications,
  }) => {
    const tag = uniqueTag();
    const archived = `late-${tag}@example.com`;
    const searched = `searched-${tag}@example.com`;
    await subscribe(page.request, { email: archived });
    await subscribe(page.request, { email: searched });
    await openPage(page, "/admin/subscribers");
    const releaseArchive = await holdRequests(page, (url) => url.pathname.endsWith("/archive"));
    await rowOf(table(page), archived).getByRole("button", { name: "Archive" }).click();
    await searchBox(page).fill(searched);
    await expect(table(page).locator("caption")).toHaveText(/, 1 shown$/);

    const reload = page.waitForRequest(
      (request) => request.method() === "GET" && new URL(request.url()).pathname === "/api/subscribers",
    );
    releaseArchive();
    await expect(notifications.getByText("Subscriber Archived")).toBeVisible();
    expect(new URL((await reload).url()).searchParams.get("q")).toBe(searched);
    await expect(table(page).locator("caption")).toHaveText(/, 1 shown$/);
    await expect(rowOf(table(page), searched)).toBeVisible();
  });

  test("delete asks first, then removes the subscriber", async ({ page, notifications }) => {
    const email = `delete-${uniqueTag()}@example.com`;
    await subscribe(page.request, { email });
    await openPage(page, "/admin/subscribers");
    await searchBox(page).fill(email);
    await rowOf(table(page), email).getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Subscriber?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(rowOf(table(page), email)).toBeVisible();
    await rowOf(table(page), email).getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete Permanently" }).click();
    await expect(notifications.getByText("Subscriber Deleted")).toBeVisible();
    await expect(page.getByText("No subscribers found matching the search")).toBeVisible();
  });

  test("a failed archive or delete shows its failure toast with the server's message or the fallback", async ({
    page,
    notifications,
  }) => {
    const email = `failing-${uniqueTag()}@example.com`;
    await subscribe(page.request, { email });
    await openPage(page, "/admin/subscribers");
    await searchBox(page).fill(email);
    await page.route("**/api/subscribers/*/archive", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "oops" }),
    );
    await rowOf(table(page), email).getByRole("button", { name: "Archive" }).click();
    await expect(notifications.getByText("Archive Failed")).toBeVisible();
    await expect(notifications.getByText("Failed to archive subscriber")).toBeVisible();
    await page.route("**/api/subscribers/*", (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 404, json: { success: false, message: "Subscriber not found" } })
        : route.continue(),
    );
    await rowOf(table(page), email).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete Permanently" }).click();
    await expect(notifications.getByText("Delete Failed")).toBeVisible();
    await expect(notifications.getByText("Subscriber not found")).toBeVisible();
  });

  test("Export CSV downloads the shown subscribers with formula-like cells neutralised", async ({ page }) => {
    const tag = uniqueTag();
    await subscribe(page.request, { email: `csv-a-${tag}@example.com`, firstName: '=HYPERLINK("http://x","y")' });
    await subscribe(page.request, { email: `csv-b-${tag}@example.com`, firstName: "Plain, Name" });
    await openPage(page, "/admin/subscribers");
    await searchBox(page).fill(`csv-a-${tag}`);
    await expect(table(page).getByRole("row")).toHaveCount(2);
    await searchBox(page).fill(tag);
    await expect(table(page).getByRole("row")).toHaveCount(3);

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloading;
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, "0");
    expect(download.suggestedFilename()).toBe(
      `newsletter-subscribers-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`,
    );
    const content = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
    const day = new Date().toISOString().slice(0, 10);
    expect(content.split("\r\n")).toEqual([
      '"Email","First Name","Subscription Date"',
      `"csv-b-${tag}@example.com","Plain, Name","${day}"`,
      `"csv-a-${tag}@example.com","'=HYPERLINK(""http://x"",""y"")","${day}"`,
      "",
    ]);
  });

  test("Refresh shows 5 skeleton rows, then the list; a failed refresh shows the error card and Retry", async ({
    page,
  }) => {
    await subscribe(page.request, { email: `refresh-${uniqueTag()}@example.com` });
    await openPage(page, "/admin/subscribers");
    await expect(table(page)).toBeVisible();

    const release = await holdRequests(page, "**/api/subscribers");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByRole("status", { name: "Loading subscribers" }).getByTestId("skeleton-row")).toHaveCount(5);
    release();
    await expect(table(page)).toBeVisible();
    await page.unrouteAll({ behavior: "wait" });

    await page.route("**/api/subscribers", (route) => route.fulfill({ status: 500, json: { success: false } }));
    await page.getByRole("button", { name: "Refresh" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Error Loading Subscribers" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("Failed to load subscribers");
    await page.unrouteAll({ behavior: "wait" });
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(table(page)).toBeVisible();
  });

  test("an empty list says No subscribers yet", async ({ page }) => {
    await openPage(page, "/admin/subscribers");
    await page.route("**/api/subscribers", (route) =>
      route.fulfill({
        json: {
          success: true,
          message: "0 subscribers",
          data: [],
          page: 1,
          pageSize: 50,
          pageCount: 1,
          counts: { total: 0, matching: 0, archived: 0 },
        },
      }),
    );
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByText("No subscribers yet")).toBeVisible();
  });

  test("is also the Newsletter Subscribers tab of the admin dashboard", async ({ page }) => {
    const email = `tab-${uniqueTag()}@example.com`;
    await subscribe(page.request, { email });
    await openPage(page, "/admin/contacts");
    await page.getByRole("tab", { name: "Newsletter Subscribers" }).click();
    await searchBox(page).fill(email);
    await expect(rowOf(table(page), email)).toBeVisible();
  });
});
