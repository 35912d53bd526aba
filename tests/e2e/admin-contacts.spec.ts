import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { rowOf, sendContactMessage, uniqueTag } from "./owner-support";
import { holdRequests, openPage } from "./support";

test.use({ signedInAs: "owner" });

const table = (page: Page) => page.getByRole("table", { name: "Contact messages" });
/** An empty page as the endpoint answers it: its rows, the page and the counts. */
const emptyReply = {
  json: {
    success: true,
    message: "0 contact messages",
    data: [],
    page: 1,
    pageSize: 50,
    pageCount: 1,
    counts: { total: 0, matching: 0, archived: 0 },
  },
};

/** Sends a message through the public contact form's call, POST /api/contact, as a visitor's form does. */
async function seedMessage(page: Page) {
  const name = `Sender ${uniqueTag()}`;
  await sendContactMessage(page.request, {
    name,
    email: "sender@example.com",
    subject: "pitch",
    message: "I would love to tell my story on the show.",
  });
  return name;
}

test.describe("contact messages", () => {
  test("the default tab lists messages; View shows them and Mark as Read marks them read", async ({
    page,
    notifications,
  }) => {
    const name = await seedMessage(page);
    await openPage(page, "/admin/contacts");
    await expect(page.getByRole("tab", { name: "Contact Messages" })).toHaveAttribute("aria-selected", "true");
    await expect(table(page).getByRole("columnheader")).toHaveText([
      "Date",
      "Name",
      "Email",
      "Subject",
      "Status",
      "Actions",
    ]);
    await expect(rowOf(table(page), name).getByText("New", { exact: true })).toBeVisible();

    await rowOf(table(page), name).getByRole("button", { name: "View" }).click();
    const dialog = page.getByRole("dialog", { name: "pitch" });
    await expect(dialog.getByText(`From ${name} (sender@example.com)`)).toBeVisible();
    await expect(dialog.getByText("I would love to tell my story on the show.")).toBeVisible();
    await expect(dialog.getByText(/^Received /)).toBeVisible();
    await dialog.getByRole("button", { name: "Mark as Read" }).click();
    await expect(notifications.getByText("Contact marked as read")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Mark as Read" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Close dialog" }).click();
    await expect(rowOf(table(page), name).getByText("Read", { exact: true })).toBeVisible();
  });

  test("archive hides a message until Show Archived; Unarchive restores it", async ({ page, notifications }) => {
    const name = await seedMessage(page);
    await openPage(page, "/admin/contacts");
    await rowOf(table(page), name).getByRole("button", { name: "Archive" }).click();
    await expect(notifications.getByText("Contact archived successfully")).toBeVisible();
    await expect(rowOf(table(page), name)).toHaveCount(0);
    await page.getByRole("switch", { name: "Show Archived" }).click();
    await expect(rowOf(table(page), name)).toHaveClass(/opacity-60/);
    await expect(rowOf(table(page), name).getByText("Archived", { exact: true })).toBeVisible();
    await rowOf(table(page), name).getByRole("button", { name: "Unarchive" }).click();
    await expect(notifications.getByText("Contact unarchived successfully")).toBeVisible();
    await expect(rowOf(table(page), name).getByText("Archived", { exact: true })).toHaveCount(0);
  });

  test("delete asks Are you sure? and Delete Permanently removes the message", async ({ page, notifications }) => {
    const name = await seedMessage(page);
    await openPage(page, "/admin/contacts");
    await rowOf(table(page), name).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
    await expect(confirm).toContainText("permanently");
    await expect(confirm).toContainText("archive it instead");
    await confirm.getByRole("button", { name: "Delete Permanently" }).click();
    await expect(notifications.getByText("Contact deleted permanently")).toBeVisible();
    await expect(rowOf(table(page), name)).toHaveCount(0);
  });

  test("failed actions show Error with the spec's texts", async ({ page, notifications }) => {
    const name = await seedMessage(page);
    await openPage(page, "/admin/contacts");
    await page.route("**/api/admin/contacts/*/read", (route) => route.fulfill({ status: 500, json: {} }));
    await page.route("**/api/contacts/**", (route) => route.fulfill({ status: 500, json: {} }));
    await rowOf(table(page), name).getByRole("button", { name: "View" }).click();
    await page.getByRole("button", { name: "Mark as Read" }).click();
    await expect(notifications.getByText("Failed to mark contact as read")).toBeVisible();
    await expect(notifications.getByText("Error", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Close dialog" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await rowOf(table(page), name).getByRole("button", { name: "Archive" }).click();
    await expect(notifications.getByText("Failed to archive contact")).toBeVisible();
    await rowOf(table(page), name).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("button", { name: "Delete Permanently" }).click();
    await expect(notifications.getByText("Failed to delete contact")).toBeVisible();
  });
});

test.describe("contact messages: loading, empty and error states", () => {
  test("Refresh shows 5 skeleton rows; an empty answer shows the empty texts", async ({ page }) => {
    await openPage(page, "/admin/contacts");
    const release = await holdRequests(page, "**/api/admin/contacts");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(
      page.getByRole("status", { name: "Loading contact messages" }).getByTestId("skeleton-row"),
    ).toHaveCount(5);
    release();
    await page.unrouteAll({ behavior: "wait" });
    await page.route("**/api/admin/contacts", (route) => route.fulfill(emptyReply));
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByText("No contact messages yet")).toBeVisible();
    await page.getByRole("switch", { name: "Show Archived" }).click();
    await expect(page.getByText("No archived contacts")).toBeVisible();
  });

  test("a failed refresh shows Failed to load contacts with Try Again", async ({ page }) => {
    await openPage(page, "/admin/contacts");
    await page.route("**/api/admin/contacts", (route) => route.fulfill({ status: 500, json: {} }));
    await page.getByRole("button", { name: "Refresh" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load contacts" });
    await expect(alert).toBeVisible();
    await page.unrouteAll({ behavior: "wait" });
    await page.route("**/api/admin/contacts", (route) => route.fulfill(emptyReply));
    await alert.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByText("No contact messages yet")).toBeVisible();
  });
});
