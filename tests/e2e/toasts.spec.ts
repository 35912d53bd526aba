import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { animationsSettled, openPage, pauseClock } from "./support";

/** Toasts are raised through the launch-list form's client check, which needs no server round trip. */
async function raiseInvalidEmailToast(page: Page) {
  await page.getByRole("textbox", { name: "Email address" }).fill("user@example.c");
  await page.getByRole("button", { name: "Notify Me" }).click();
}

test.describe("toasts", () => {
  test("show one at a time", async ({ page, notifications }) => {
    await openPage(page, "/");
    await raiseInvalidEmailToast(page);
    await raiseInvalidEmailToast(page);
    await raiseInvalidEmailToast(page);
    await expect(notifications.getByRole("listitem")).toHaveCount(1);
  });

  test("close after 5000 ms", async ({ page, notifications }) => {
    await page.clock.install();
    await openPage(page, "/");
    await pauseClock(page);
    await raiseInvalidEmailToast(page);
    await expect(notifications.getByRole("listitem")).toHaveCount(1);
    await page.clock.runFor(4_800);
    await expect(notifications.getByRole("listitem")).toHaveCount(1);
    await page.clock.runFor(400);
    await expect(notifications.getByRole("listitem")).toHaveCount(0);
  });

  test("F8 moves focus to the notification area", async ({ page, notifications }) => {
    await openPage(page, "/");
    await raiseInvalidEmailToast(page);
    // The notification area arrives with the first toast.
    await expect(notifications.getByRole("listitem")).toHaveCount(1);
    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: /Notifications/ }).locator("ol")).toBeFocused();
  });

  test("a swipe to the right beyond 50 px dismisses; a shorter one does not", async ({ page, notifications }) => {
    await openPage(page, "/");
    await raiseInvalidEmailToast(page);
    const toast = notifications.getByRole("listitem").first();
    /** Where to grab the toast once it has finished moving (sliding in, or snapping back after a short swipe). */
    const restingGrip = async () => {
      await animationsSettled(toast);
      const box = await toast.boundingBox();
      if (!box) throw new Error("toast has no box");
      return { x: box.x + 20, y: box.y + box.height / 2 };
    };
    const swipeRight = async (distance: number) => {
      const { x, y } = await restingGrip();
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + distance, y, { steps: 10 });
      await page.mouse.up();
    };

    await swipeRight(30);
    await expect(toast).toBeVisible();

    await swipeRight(120);
    await expect(notifications.getByRole("listitem")).toHaveCount(0);
  });

  test("sit bottom right and at most 420 px wide on medium screens and up", async ({ page, notifications }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, "/");
    await raiseInvalidEmailToast(page);
    await expect(notifications.getByRole("listitem")).toHaveCount(1);
    const box = await notifications.getByRole("listitem").first().boundingBox();
    if (!box) throw new Error("toast has no box");
    expect(box.width).toBeLessThanOrEqual(420);
    expect(box.x + box.width).toBeGreaterThan(1280 - 40);
    expect(box.y + box.height).toBeGreaterThan(800 - 40);
  });

  test("sit at the top on small screens", async ({ page, notifications }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPage(page, "/");
    await raiseInvalidEmailToast(page);
    await expect(notifications.getByRole("listitem")).toHaveCount(1);
    const box = await notifications.getByRole("listitem").first().boundingBox();
    if (!box) throw new Error("toast has no box");
    expect(box.y).toBeLessThan(40);
  });
});
