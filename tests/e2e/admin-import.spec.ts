import AxeBuilder from "@axe-core/playwright";
import { type FeedHost, startFeedHost } from "../setup/feed-host";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

let host: FeedHost;
test.beforeAll(async () => {
  host = await startFeedHost();
});
test.afterAll(async () => {
  await host.close();
});

test.describe("importing a show from its feed", () => {
  test.use({ signedInAs: "owner" });

  test("refuses a locked feed, then shows an import's progress and its failures on a page that reloads itself", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, "/admin/settings");
    const form = page.getByRole("form", { name: "Import a show" });
    const address = form.getByLabel("Address of the show's current feed");

    await address.fill(`${host.base}/locked.xml`);
    await form.getByRole("button", { name: "Import" }).click();
    await expect(form.getByText("This feed is locked (podcast:locked)")).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");

    // Every enclosure of this feed is gone: the import fails episode by episode and nothing reaches the public site.
    await address.fill(`${host.base}/huge.xml?items=2&missing-audio`);
    await form.getByRole("button", { name: "Import" }).click();
    await expect(page).toHaveURL(/\/admin\/imports\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Import" })).toBeVisible();
    // The worker runs every two seconds and the page reloads itself every five while the import runs.
    await expect(page.getByRole("status")).toHaveText("None of the 2 episodes could be imported.", { timeout: 30_000 });
    const failures = page.getByRole("table", { name: "Failures and notes" });
    await expect(failures.getByRole("row").filter({ hasText: "Episode 1" })).toContainText(
      "The audio could not be imported:",
    );
    await expect(failures.getByRole("row").filter({ hasText: "Episode 1" })).toContainText("answered HTTP 404");
    await expect(page.getByRole("form", { name: "Keep the show's details" })).toContainText("A Thousand Episodes");
    const audit = await new AxeBuilder({ page }).analyze();
    expect(audit.violations.filter(({ impact }) => impact === "serious" || impact === "critical")).toEqual([]);
  });
});
