import { expect, test } from "./fixtures";
import { openPage } from "./support";

test.describe("the activity log", () => {
  test.use({ signedInAs: "owner" });

  test("shows a change made just before, newest first, and filters by kind", async ({ page, requestAs }) => {
    // A draft insight made and deleted at once: nothing stays behind for the other specs to see.
    const title = `Activity check ${Date.now()}`;
    const owner = await requestAs("owner");
    const created = await owner.post("/api/admin/insights", {
      data: { title, excerpt: "Made to be logged.", category: "Tests", authorName: "Owner" },
    });
    expect(created.status()).toBe(201);
    const { data } = (await created.json()) as { data: { id: string } };
    expect((await owner.delete(`/api/admin/insights/${data.id}`)).status()).toBe(200);

    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, "/admin/activity");
    await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
    const log = page.getByRole("table", { name: "Activity log" });
    const rows = log.getByRole("row").filter({ hasText: title });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("insight.deleted");
    await expect(rows.nth(1)).toContainText("insight.created");

    await page.getByLabel("Kind").selectOption("insight.deleted");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\/admin\/activity\?.*kind=insight\.deleted/);
    await expect(log.getByRole("row").filter({ hasText: title })).toHaveCount(1);
    await expect(log.getByRole("row").filter({ hasText: "insight.created" })).toHaveCount(0);
  });

  test.describe("without scripts", () => {
    test.use({ javaScriptEnabled: false });

    test("the filter form and its choices work as a plain form", async ({ page, requestAs }) => {
      const title = `Scriptless check ${Date.now()}`;
      const owner = await requestAs("owner");
      const created = await owner.post("/api/admin/insights", {
        data: { title, excerpt: "Made to be logged.", category: "Tests", authorName: "Owner" },
      });
      const { data } = (await created.json()) as { data: { id: string } };
      expect((await owner.delete(`/api/admin/insights/${data.id}`)).status()).toBe(200);

      await page.goto("/admin/activity");
      await page.getByLabel("Kind").selectOption("insight.created");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/\/admin\/activity\?.*kind=insight\.created/);
      const log = page.getByRole("table", { name: "Activity log" });
      await expect(log.getByRole("row").filter({ hasText: title })).toHaveCount(1);
      await expect(log.getByRole("row").filter({ hasText: "insight.deleted" })).toHaveCount(0);
      await page.getByRole("link", { name: "Clear Filters" }).click();
      await expect(log.getByRole("row").filter({ hasText: title })).toHaveCount(2);
    });
  });
});
