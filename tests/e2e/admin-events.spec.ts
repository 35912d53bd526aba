import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { uniqueTag } from "./owner-support";
import { openPage } from "./support";

test.use({ signedInAs: "owner" });

const newEventForm = (page: Page) => page.locator("details").filter({ hasText: "New event" });

/** The form of a listed event, found by its heading. */
const listedEvent = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: title, exact: true }) });

test.describe("the owner's members' events", () => {
  // The owner's two tabs, a browser for each member tier, and a save, a refused save and a delete between them: on a
  // slow or busy machine that takes longer than the default timeout.
  test.setTimeout(90_000);

  test("the owner schedules an event for Basic members, who see it in its own time zone; a save from an outdated tab is refused; the owner deletes it", async ({
    page,
    context,
    browser,
    expectToast,
    requestAs,
  }) => {
    const title = `Office hours ${uniqueTag()}`;
    await openPage(page, "/admin/events");
    await expect(page.getByRole("heading", { level: 1, name: "Members' Events" })).toBeVisible();
    await newEventForm(page).getByText("New event").click();
    const form = newEventForm(page);

    // Checked in the browser with the API's own schema before anything is sent.
    await form.getByRole("button", { name: "Create Event" }).click();
    await expect(form.getByText("Title is required")).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Description").fill("Bring your pricing questions.");
    await form.getByLabel("Date and time").fill("2030-03-04T18:30");
    await form.getByLabel("Time zone").fill("Europe/London");
    await form.getByLabel("Duration (minutes)").fill("45");
    await form.getByLabel("Join link").fill("javascript:alert(1)");
    await form.getByLabel("Who sees it").selectOption({ label: "Basic and Premium" });
    await form.getByRole("button", { name: "Create Event" }).click();
    await expect(form.getByText("Enter a join link starting with http:// or https://")).toBeVisible();
    await form.getByLabel("Join link").fill("https://meet.example.com/office-hours");
    await form.getByRole("button", { name: "Create Event" }).click();
    await expectToast("Event Created");
    await expect(listedEvent(page, title)).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveValue("");

    // A Basic member's own browser lists it, worded in the event's time zone; a Free member's does not.
    const memberPage = async (tier: "basic" | "free") => {
      const member = await browser.newContext({ storageState: await (await requestAs(tier)).storageState() });
      const memberTab = await member.newPage();
      await openPage(memberTab, "/members/events");
      return memberTab;
    };
    const basicTab = await memberPage("basic");
    const listed = basicTab.getByRole("listitem").filter({ has: basicTab.getByRole("heading", { name: title }) });
    await expect(listed.locator("time")).toHaveText("Monday, March 4, 2030 at 6:30 PM GMT");
    await expect(listed.locator("time")).toHaveAttribute("datetime", "2030-03-04T18:30:00.000Z");
    await expect(listed).toContainText("45 min");
    await expect(listed.getByRole("link", { name: `Join the event ${title} (opens in a new tab)` })).toHaveAttribute(
      "href",
      "https://meet.example.com/office-hours",
    );
    const freeTab = await memberPage("free");
    await expect(freeTab.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(freeTab.getByText(title)).toHaveCount(0);

    // A second tab opened now, then the first tab saves: the second tab's save is refused and says why.
    const otherTab = await context.newPage();
    await openPage(otherTab, "/admin/events");
    const event = listedEvent(page, title);
    await event.getByLabel("Duration (minutes)").fill("60");
    await event.getByRole("button", { name: "Save Event" }).click();
    await expectToast("Event Saved");
    const outdated = listedEvent(otherTab, title);
    await outdated.getByLabel("Description").fill("Written in the outdated tab.");
    await outdated.getByRole("button", { name: "Save Event" }).click();
    await expect(outdated.getByRole("alert")).toHaveText(
      "This event was changed in another tab or by another save since you opened it. Reload to see the latest version.",
    );
    await otherTab.close();
    await basicTab.reload();
    await expect(listed).toContainText("Bring your pricing questions.");
    await expect(basicTab.getByText("Written in the outdated tab.")).toHaveCount(0);

    await listedEvent(page, title).getByRole("button", { name: "Delete Event" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Event?" });
    await expect(confirm).toContainText(`This will permanently delete "${title}". Members will no longer see it.`);
    await confirm.getByRole("button", { name: "Delete Permanently" }).click();
    await expectToast("Event Deleted", `"${title}" has been deleted.`);
    await expect(listedEvent(page, title)).toHaveCount(0);
    // With the samples Premium only, a Basic member now reaches no event and is offered Premium.
    await basicTab.reload();
    await expect(basicTab.getByRole("heading", { level: 1, name: "Premium Access Required" })).toBeVisible();
    await expect(basicTab.getByText(title)).toHaveCount(0);
  });
});
