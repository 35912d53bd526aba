import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueTag } from "./owner-support";
import { openPage } from "./support";

test.use({ signedInAs: "owner" });

const seriesTable = (page: Page) => page.getByRole("table", { name: "Content series" });
const tableDate = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(date);

async function createSeriesThroughApi(page: Page, title: string) {
  const response = await page.request.post("/api/admin/content-series", {
    data: { title, description: "A series made for a browser test.", status: "active" },
  });
  expect(response.status()).toBe(201);
}

async function openSeries(page: Page, title: string) {
  await seriesTable(page)
    .getByRole("row")
    .filter({ hasText: title })
    .getByRole("button", { name: "View Episodes" })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
}

test.describe("content calendar", () => {
  test("creates a series through the dialog, with the spec's validation messages", async ({ page, notifications }) => {
    const title = `Series ${uniqueTag()}`;
    const description = "A long description that goes well past the sixty characters the table shows.";
    await openPage(page, "/admin/content-calendar");
    await expect(seriesTable(page).getByRole("columnheader")).toHaveText([
      "Title",
      "Description",
      "Status",
      "Created",
      "Actions",
    ]);
    await page.getByRole("button", { name: "Add New Series" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Content Series" });
    await expect(dialog.getByRole("combobox", { name: "Status" })).toHaveText("Planning");
    await dialog.getByLabel("Title").fill("ab");
    await dialog.getByLabel("Description").fill("short");
    await dialog.getByRole("button", { name: "Create Series" }).click();
    await expect(dialog.getByText("Title must be at least 3 characters")).toBeVisible();
    await expect(dialog.getByText("Description must be at least 10 characters")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill(description);
    await dialog.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Active" }).click();
    await dialog.getByRole("button", { name: "Create Series" }).click();
    await expect(notifications.getByText("Series Created")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(seriesTable(page).getByRole("row").filter({ hasText: title }).getByRole("cell")).toHaveText([
      title,
      `${description.slice(0, 60)}...`,
      "Active",
      new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
        new Date(),
      ),
      "View Episodes",
    ]);
  });

  test("adds, edits and deletes an episode, picking the date in the calendar popover", async ({
    page,
    notifications,
  }) => {
    const series = `Series ${uniqueTag()}`;
    await createSeriesThroughApi(page, series);
    await openPage(page, "/admin/content-calendar");
    await openSeries(page, series);
    await expect(page.getByText("No episodes found for this series")).toBeVisible();

    await page.getByRole("button", { name: "Add New Episode" }).click();
    const dialog = page.getByRole("dialog", { name: `Add New Episode to ${series}` });
    const episodeNumber = dialog.getByLabel("Episode Number");
    await expect(episodeNumber).toHaveValue("1");
    await expect(episodeNumber).toHaveAttribute("min", "1");
    await dialog.getByLabel("Title").fill("The Pivot");
    await dialog.getByLabel("Description").fill("How a startup survived its pivot.");
    await episodeNumber.fill("0");
    await dialog.getByRole("button", { name: "Create Episode" }).click();
    await expect(dialog.getByText("Episode number must be positive")).toBeVisible();
    await episodeNumber.fill("2");

    const now = new Date();
    const picked = new Date(now.getFullYear(), now.getMonth() + 1, 15);
    await dialog.getByRole("button", { name: "Scheduled Date Pick a date" }).click();
    const calendar = page.getByRole("grid");
    await expect(calendar).toBeVisible();
    await page.getByRole("button", { name: /next month/i }).click();
    const month = picked.toLocaleString("en-US", { month: "long" });
    await page.getByRole("button", { name: new RegExp(`${month} 15th, ${picked.getFullYear()}`) }).click();
    await expect(calendar).toBeHidden();
    await expect(dialog.getByRole("button", { name: `Scheduled Date ${tableDate(picked)}` })).toBeVisible();
    await dialog.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Scheduled" }).click();
    await dialog.getByRole("button", { name: "Create Episode" }).click();
    await expect(notifications.getByText("Episode Created")).toBeVisible();

    const episodes = page.getByRole("table", { name: `Episodes of ${series}` });
    await expect(episodes.getByRole("columnheader")).toHaveText([
      "Title",
      "Guest",
      "Status",
      "Scheduled Date",
      "Actions",
    ]);
    await expect(episodes.getByRole("row").nth(1).getByRole("cell")).toHaveText([
      "The Pivot",
      "No guest assigned",
      "Scheduled",
      tableDate(picked),
      "",
    ]);

    await episodes.getByRole("button", { name: "Edit The Pivot" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Episode" });
    await expect(edit.getByLabel("Episode Number")).toHaveValue("2");
    await edit.getByLabel("Title").fill("The Second Pivot");
    await edit.getByRole("button", { name: `Scheduled Date ${tableDate(picked)}` }).click();
    await page.getByRole("button", { name: "Clear date" }).click();
    await expect(edit.getByRole("button", { name: "Scheduled Date Pick a date" })).toBeVisible();
    await edit.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Editing" }).click();
    await edit.getByRole("button", { name: "Update Episode" }).click();
    await expect(notifications.getByText("Episode Updated")).toBeVisible();
    await expect(episodes.getByRole("row").nth(1).getByRole("cell")).toHaveText([
      "The Second Pivot",
      "No guest assigned",
      "Editing",
      "Not scheduled",
      "",
    ]);

    await episodes.getByRole("button", { name: "Delete The Second Pivot" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Episode?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(episodes).toBeVisible();
    await episodes.getByRole("button", { name: "Delete The Second Pivot" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(notifications.getByText("Episode Deleted")).toBeVisible();
    await expect(page.getByText("No episodes found for this series")).toBeVisible();

    await page.getByRole("button", { name: "Back to Series" }).click();
    await expect(seriesTable(page)).toBeVisible();
  });

  test("Refresh reloads and says so; failures show the error states and toasts", async ({ page, notifications }) => {
    const series = `Series ${uniqueTag()}`;
    await createSeriesThroughApi(page, series);
    await openPage(page, "/admin/content-calendar");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(notifications.getByText("Refreshed Content Calendar")).toBeVisible();

    await page.route("**/api/admin/content-series/*/episodes", (route) => route.fulfill({ status: 500, json: {} }));
    await openSeries(page, series);
    await expect(page.getByRole("alert").filter({ hasText: "Error loading episodes" })).toBeVisible();
    await expect(notifications.getByText("Failed to fetch episodes")).toBeVisible();
    await page.unrouteAll({ behavior: "wait" });
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByText("No episodes found for this series")).toBeVisible();
    await page.getByRole("button", { name: "Back to Series" }).click();

    await page.route("**/api/admin/content-series", (route) => route.fulfill({ status: 500, json: {} }));
    await page.getByRole("button", { name: "Refresh" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Error Loading Content Series" });
    await expect(alert).toBeVisible();
    await page.unrouteAll({ behavior: "wait" });
    await alert.getByRole("button", { name: "Try Again" }).click();
    await expect(seriesTable(page)).toBeVisible();
  });

  test("no series: No Content Series Yet and Create First Series opens the dialog", async ({ page }) => {
    await openPage(page, "/admin/content-calendar");
    await page.route("**/api/admin/content-series", (route) => route.fulfill({ json: { success: true, data: [] } }));
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByText("No Content Series Yet")).toBeVisible();
    await page.getByRole("button", { name: "Create First Series" }).click();
    await expect(page.getByRole("dialog", { name: "Create New Content Series" })).toBeVisible();
  });

  test("a refused creation shows its failure toast", async ({ page, notifications }) => {
    await openPage(page, "/admin/content-calendar");
    await page.route("**/api/admin/content-series", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 500, json: {} }) : route.continue(),
    );
    await page.getByRole("button", { name: "Add New Series" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Content Series" });
    await dialog.getByLabel("Title").fill("Doomed series");
    await dialog.getByLabel("Description").fill("This one will not be created.");
    await dialog.getByRole("button", { name: "Create Series" }).click();
    await expect(notifications.getByText("Failed to create content series")).toBeVisible();
    await expect(dialog.getByRole("alert")).toHaveText("Failed to create content series");
  });
});
