import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { rowOf, uniqueTag } from "./owner-support";
import { openPage } from "./support";

test.use({ signedInAs: "owner" });

const table = (page: Page) => page.getByRole("table", { name: "Episodes" });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search episodes" });

/** Creates a draft from the New Episode page and waits for its editor; returns the editor's address. */
async function createDraft(page: Page, title: string): Promise<string> {
  await openPage(page, "/admin/episodes/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Summary").fill("A founder's worst week, told in full.");
  await page.getByRole("button", { name: "Create Draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Episode" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/episodes\/\d+$/);
  return new URL(page.url()).pathname;
}

test.describe("the owner's episodes", () => {
  test("creates an episode, edits its fields, chapters and guests, and finds it in the list", async ({
    page,
    notifications,
  }) => {
    const title = `The pivot ${uniqueTag()}`;
    const editor = await createDraft(page, title);
    await expect(notifications.getByText("Episode Created")).toBeVisible();
    await expect(page.getByLabel("Slug")).toHaveValue(title.toLowerCase().replaceAll(" ", "-"));
    await expect(page.getByText("Draft", { exact: true })).toBeVisible();

    await page.getByLabel("Season").fill("2");
    await page.getByLabel("Episode Number").fill("7");
    await page.getByLabel("Show Notes (Markdown)").fill("We talk about **pivots**.<script>alert(1)</script>");
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Show notes preview" });
    await expect(preview.locator("strong")).toHaveText("pivots");
    await expect(preview.locator("script")).toHaveCount(0);
    await page.getByRole("button", { name: "Write" }).click();

    await page.getByRole("button", { name: "Add Chapter" }).click();
    await page.getByLabel("Start").fill("1:05");
    await page.getByLabel("Chapter Title").fill("The call");
    await page.getByRole("button", { name: "Add Guest by Hand" }).click();
    await page.getByLabel("Guest Name").fill("Ann Lee");
    await page.getByLabel("Role").fill("Founder");
    await page.getByLabel("Premium (members only)").check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(notifications.getByText("Episode Saved")).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Season")).toHaveValue("2");
    await expect(page.getByLabel("Start")).toHaveValue("1:05");
    await expect(page.getByLabel("Guest Name")).toHaveValue("Ann Lee");
    await expect(page.getByLabel("Premium (members only)")).toBeChecked();

    await page.getByRole("link", { name: "Back to Episodes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Episodes" })).toBeVisible();
    await expect(table(page).getByRole("columnheader")).toHaveText(["Title", "Status", "Publish Date", "Duration"]);
    // Other tests add drafts at the same time, so the order is checked by the list's integration test.
    await searchBox(page).fill(title.toUpperCase());
    await expect(table(page).getByRole("row")).toHaveCount(2);
    const row = rowOf(table(page), title);
    await expect(row.getByText("Premium")).toBeVisible();
    await expect(row.getByText("Draft")).toBeVisible();
    await expect(row.getByText("S2 · E7")).toBeVisible();
    await row.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(editor);
  });

  test("refuses to publish without audio, with the reason", async ({ page, notifications }) => {
    await createDraft(page, `No audio ${uniqueTag()}`);
    await page.getByRole("button", { name: "Publish Now" }).click();
    await expect(
      notifications.getByText("Upload the episode's audio before publishing or scheduling it.").first(),
    ).toBeVisible();
  });

  test("a save from a second tab opened earlier is told the episode changed and is not saved", async ({
    page,
    context,
    notifications,
  }) => {
    const title = `Two tabs ${uniqueTag()}`;
    const editor = await createDraft(page, title);
    const secondTab = await context.newPage();
    await openPage(secondTab, editor);

    await page.getByLabel("Title", { exact: true }).fill(`${title} (first tab)`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(notifications.getByText("Episode Saved")).toBeVisible();

    await secondTab.getByLabel("Title", { exact: true }).fill(`${title} (second tab)`);
    await secondTab.getByRole("button", { name: "Save", exact: true }).click();
    await expect(secondTab.getByRole("alert").filter({ hasText: "changed in another tab" })).toHaveText(
      /This episode was changed in another tab or by another save since you opened it\. Reload to see the latest version; your changes were not saved\./,
    );
    await secondTab.getByRole("button", { name: "Reload" }).click();
    await expect(secondTab.getByLabel("Title", { exact: true })).toHaveValue(`${title} (first tab)`);
  });

  test("deletes an episode after the confirm dialog; Cancel keeps it", async ({ page, notifications }) => {
    const title = `To delete ${uniqueTag()}`;
    await createDraft(page, title);
    await page.getByRole("button", { name: "Delete Episode" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Episode?" });
    await expect(dialog).toContainText(title);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Delete Episode" }).click();
    await dialog.getByRole("button", { name: "Delete Permanently" }).click();
    await expect(notifications.getByText("Episode Deleted")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/episodes$/);
    await searchBox(page).fill(title);
    await expect(page.getByText("No episodes found matching the search")).toBeVisible();
  });

  test("the Admin Dashboard menu and tabs lead to the episodes", async ({ page }) => {
    await openPage(page, "/admin/contacts");
    await page.getByRole("tab", { name: "Episodes" }).click();
    await expect(page.getByRole("table", { name: "Episodes" })).toBeVisible();
    await page.getByRole("button", { name: "Admin Dashboard" }).click();
    await page.getByRole("menuitem", { name: "Episodes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Episodes" })).toBeVisible();
    await expect(rowOf(table(page), "Episode 1: The Pivot That Almost Sank Us")).toContainText("Published");
  });

  test("a calendar entry set to Published offers to create its episode, links it and opens the editor", async ({
    page,
  }) => {
    const tag = uniqueTag();
    const series = await page.request.post("/api/admin/content-series", {
      data: { title: `Series ${tag}`, description: "A series made for a browser test.", status: "active" },
    });
    const seriesId = ((await series.json()) as { data: { id: number } }).data.id;
    const title = `Planned ${tag}`;
    const entry = await page.request.post("/api/admin/content-episodes", {
      data: { seriesId, title, description: "Planned in the calendar first.", episodeNumber: 1, status: "editing" },
    });
    expect(entry.status()).toBe(201);

    await openPage(page, "/admin/content-calendar");
    await rowOf(page.getByRole("table", { name: "Content series" }), `Series ${tag}`)
      .getByRole("button", { name: "View Episodes" })
      .click();
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Episode" });
    await dialog.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Published" }).click();
    await dialog.getByRole("button", { name: "Update Episode" }).click();

    const offer = page.getByRole("alertdialog", { name: "Create the Podcast Episode?" });
    await expect(offer).toContainText(title);
    await offer.getByRole("button", { name: "Create Episode" }).click();
    await expect(page).toHaveURL(/\/admin\/episodes\/\d+$/);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Summary")).toHaveValue("Planned in the calendar first.");

    await openPage(page, "/admin/content-calendar");
    await rowOf(page.getByRole("table", { name: "Content series" }), `Series ${tag}`)
      .getByRole("button", { name: "View Episodes" })
      .click();
    await expect(page.getByRole("link", { name: `Podcast episode: ${title}` })).toBeVisible();
  });

  test("text typed into the editor before its scripts run is kept and saved", async ({ page, notifications }) => {
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js(\?.*)?$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/admin/episodes/new", { waitUntil: "commit" });
    const title = `Typed early ${uniqueTag()}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Summary").fill("Typed before the scripts arrived.");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
    release();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await page.getByRole("button", { name: "Create Draft" }).click();
    await expect(notifications.getByText("Episode Created")).toBeVisible();
    await expect(page.getByLabel("Summary")).toHaveValue("Typed before the scripts arrived.");
  });
});
