import { expect, test } from "./fixtures";

test.describe("the Email screen without scripts", () => {
  test.use({ signedInAs: "owner", javaScriptEnabled: false });

  test("prepares the launch announcement, previews it, asks to confirm the recipients and sends it", async ({
    page,
  }) => {
    const subject = `Launch check ${Date.now()}`;
    await page.goto("/admin/email");
    await expect(page.getByRole("heading", { level: 1, name: "Email" })).toBeVisible();
    await page.getByRole("link", { name: "Announce the Launch" }).click();
    await expect(page.getByLabel("Recipients")).toHaveValue("launch");
    await expect(page.getByLabel("Message")).not.toHaveValue("");

    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill("We are **live** at last.");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview" }).locator("strong")).toHaveText("live");

    await page.getByRole("button", { name: "Send Now" }).click();
    const confirmation = page.getByRole("alert");
    await expect(confirmation).toContainText(/Send this email to \d+ recipients? now\?/);
    await page.getByRole("button", { name: /^Send to \d+ Recipients?$/ }).click();

    await expect(page).toHaveURL(/\/admin\/email\?done=sent$/);
    await expect(page.getByRole("status")).toHaveText("Email Sending");
    await expect(page.getByRole("listitem").filter({ hasText: subject })).toContainText("To Launch List");
  });
});
