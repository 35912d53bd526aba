import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { applyAsGuest, rowOf, uniqueTag } from "./owner-support";
import { holdRequests, openPage } from "./support";

test.use({ signedInAs: "owner" });

const table = (page: Page) => page.getByRole("table", { name: "Guest applications" });

async function openTab(page: Page) {
  await openPage(page, "/admin/contacts");
  await page.getByRole("tab", { name: "Guest Applications" }).click();
}

/** Applies through the public guest form's call, POST /api/guests/apply, as a visitor's form does. */
async function seedApplication(page: Page) {
  const name = `Grace ${uniqueTag()} Hopper`;
  await applyAsGuest(page.request, { name, email: "grace@example.com", company: "Navy Labs", expertise: "Compilers" });
  return name;
}

test.describe("guest applications tab", () => {
  test("lists applications with initials and company; details show every field; Change Status updates", async ({
    page,
    notifications,
  }) => {
    const name = await seedApplication(page);
    await openTab(page);
    await expect(table(page).getByRole("columnheader")).toHaveText(["Name", "Expertise", "Date", "Status", "Actions"]);
    await expect(rowOf(table(page), name)).toContainText("GT");
    await expect(rowOf(table(page), name)).toContainText("Navy Labs");
    await expect(rowOf(table(page), name).getByText("Submitted")).toHaveAttribute("data-status", "submitted");

    await rowOf(table(page), name).getByRole("button", { name: "View" }).click();
    const dialog = page.getByRole("dialog", { name });
    for (const text of ["Personal Information", "grace@example.com", "Founder", "Compilers", "What a failed launch"]) {
      await expect(dialog.getByText(text).first()).toBeVisible();
    }
    const update = dialog.getByRole("button", { name: "Update Status" });
    await expect(update).toBeDisabled();
    await dialog.getByRole("combobox", { name: "Change Status" }).click();
    await page.getByRole("option", { name: "Approved" }).click();
    await expect(update).toBeEnabled();
    await update.click();
    await expect(notifications.getByText("Status Updated")).toBeVisible();
    await expect(dialog.getByText("Approved").first()).toBeVisible();
    await expect(update).toBeDisabled();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(rowOf(table(page), name).getByText("Approved")).toHaveAttribute("data-status", "approved");
  });

  test("a refused status change shows Update Failed with the server's message", async ({ page, notifications }) => {
    const name = await seedApplication(page);
    await openTab(page);
    await page.route("**/api/guests/applications/*/status", (route) =>
      route.fulfill({ status: 400, json: { success: false, message: "Please choose a valid status" } }),
    );
    await rowOf(table(page), name).getByRole("button", { name: "View" }).click();
    await page.getByRole("combobox", { name: "Change Status" }).click();
    await page.getByRole("option", { name: "Rejected" }).click();
    await page.getByRole("button", { name: "Update Status" }).click();
    await expect(notifications.getByText("Update Failed")).toBeVisible();
    await expect(notifications.getByText("Please choose a valid status")).toBeVisible();
  });

  test("archive (reversible) and delete (permanent) ask first", async ({ page, notifications }) => {
    const name = await seedApplication(page);
    await openTab(page);
    await rowOf(table(page), name).getByRole("button", { name: "View" }).click();
    await page.getByRole("dialog", { name }).getByRole("button", { name: "Archive" }).click();
    const archive = page.getByRole("alertdialog", { name: "Archive Guest Application?" });
    await expect(archive).toContainText("reverse");
    await archive.getByRole("button", { name: "Archive" }).click();
    await expect(notifications.getByText("Application Archived")).toBeVisible();
    await expect(rowOf(table(page), name)).toHaveCount(0);

    await page.getByRole("switch", { name: "Show Archived" }).click();
    await expect(rowOf(table(page), name).getByText("Archived", { exact: true })).toBeVisible();
    await rowOf(table(page), name).getByRole("button", { name: "View" }).click();
    await page.getByRole("dialog", { name }).getByRole("button", { name: "Delete" }).click();
    const remove = page.getByRole("alertdialog", { name: "Delete Guest Application?" });
    await expect(remove).toContainText("permanently");
    await remove.getByRole("button", { name: "Delete" }).click();
    await expect(notifications.getByText("Application Deleted")).toBeVisible();
    await expect(rowOf(table(page), name)).toHaveCount(0);
  });
});

test.describe("guest applications tab: loading, empty and error states", () => {
  test("View Form goes to the guest application form", async ({ page }) => {
    await openTab(page);
    await page.getByRole("link", { name: "View Form" }).click();
    await expect(page).toHaveURL(/\/guest-application$/);
  });

  test("Refresh shows 3 skeleton rows; an empty list says No Applications Yet; a failure offers Retry", async ({
    page,
  }) => {
    await openTab(page);
    const release = await holdRequests(page, "**/api/guests/applications");
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(
      page.getByRole("status", { name: "Loading guest applications" }).getByTestId("skeleton-row"),
    ).toHaveCount(3);
    release();
    await page.unrouteAll({ behavior: "wait" });

    await page.route("**/api/guests/applications", (route) => route.fulfill({ status: 500, json: {} }));
    await page.getByRole("button", { name: "Refresh" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Error Loading Applications" });
    await expect(alert).toBeVisible();
    await page.unrouteAll({ behavior: "wait" });
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
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByText("No Applications Yet")).toBeVisible();
  });
});
