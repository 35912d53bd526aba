import { expect, test } from "./fixtures";
import { openPage } from "./support";

/**
 * A person changes their own password and email on Your Sessions, on a second built server: the change signs out the person's
 * other sessions, and the shared owner session the other specs use must not be one of them.
 */
const OLD_PASSWORD = "own-password-old-one";
const NEW_PASSWORD = "own-password-new-one";
const OWNER_EMAIL = "owner@example.com";
const RENAMED_EMAIL = "renamed-owner@example.com";

test.use({ builtServerEnv: { ADMIN_PASSWORD: OLD_PASSWORD, OWNER_EMAIL } });

test("the owner changes their password and email on Your Sessions: another browser is signed out, the new ones sign in", async ({
  browser,
  builtServer,
}) => {
  test.setTimeout(120_000);
  const signedOut = { cookies: [], origins: [] };
  const context = await browser.newContext({ baseURL: builtServer.url, storageState: signedOut });
  const otherContext = await browser.newContext({ baseURL: builtServer.url, storageState: signedOut });
  const page = await context.newPage();
  const logIn = async (password: string, email?: string) => {
    await openPage(page, "/admin/login");
    if (email) await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Login to Admin Panel" }).click();
    await expect(page).toHaveURL(/\/admin\/contacts$/);
  };
  await logIn(OLD_PASSWORD);
  const other = await otherContext.request.post("/api/admin/login", { data: { password: OLD_PASSWORD } });
  expect(other.status()).toBe(200);
  expect((await otherContext.request.get("/api/admin/sessions")).status()).toBe(200);

  await openPage(page, "/admin/sessions");
  const form = page.getByRole("region", { name: "Change Password" });
  await form.getByLabel("Current Password").fill("not-the-password-at-all");
  await form.getByLabel("New Password").fill(NEW_PASSWORD);
  await form.getByLabel("Confirm Password").fill("a-different-new-one");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("The passwords do not match.")).toBeVisible();

  await form.getByLabel("Confirm Password").fill(NEW_PASSWORD);
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByText("Your current password is not right.")).toBeVisible();

  await form.getByLabel("Current Password").fill(OLD_PASSWORD);
  await form.getByRole("button", { name: "Change Password" }).click();
  const notifications = page.getByRole("region", { name: /Notifications/, includeHidden: true });
  await expect(notifications.getByText("Password changed. 1 other session was signed out.")).toBeVisible();
  await expect(page.getByText("(this browser)")).toBeVisible();
  expect((await otherContext.request.get("/api/admin/sessions")).status()).toBe(401);

  // A new email, confirmed with the new password.
  const emailForm = page.getByRole("region", { name: "Change Email" });
  await emailForm.getByLabel("New Email").fill(RENAMED_EMAIL);
  await emailForm.getByLabel("Current Password").fill(NEW_PASSWORD);
  await emailForm.getByRole("button", { name: "Change Email" }).click();
  await expect(page.getByText(`Signed in as ${RENAMED_EMAIL}.`)).toBeVisible();

  // The new password signs in, and the Settings screen's sign-ins name the account by the email of the time.
  await context.clearCookies();
  await logIn(NEW_PASSWORD, RENAMED_EMAIL);
  await openPage(page, "/admin/settings");
  const signIns = page.getByRole("table", { name: "Recent sign-ins" }).getByRole("row");
  await expect(signIns.nth(1)).toContainText(RENAMED_EMAIL);
  await expect(signIns.filter({ hasText: OWNER_EMAIL }).first()).toBeVisible();
  await context.close();
  await otherContext.close();
});
