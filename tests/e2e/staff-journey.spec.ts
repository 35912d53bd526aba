import { createHmac } from "node:crypto";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

/**
 * Staff accounts end to end on a second built server whose log the test reads (without SMTP_URL a test server prints
 * each mail whole): the owner invites an editor, the editor sets a password from the mail's link, creates and publishes
 * an episode, and finds no way into Members; the owner's activity log names the editor.
 */
const OWNER_PASSWORD = "journey-owner-password";
const SAMPLE_AUDIO = "public/attached_assets/audio/episode-1.mp3";

test.use({ builtServerEnv: { ADMIN_PASSWORD: OWNER_PASSWORD, OWNER_EMAIL: "owner@example.com" } });

test("the owner invites an editor, who sets a password from the mail, publishes an episode and cannot open Members", async ({
  page,
  browser,
  builtServer,
}) => {
  test.setTimeout(120_000);
  const editorEmail = `editor-${Date.now()}@example.com`;
  const title = `Hiring the First Editor ${Date.now()}`;

  // The owner signs in as the spec's login does (the password alone) and invites the editor.
  await openPage(page, `${builtServer.url}/admin/login`);
  await page.getByLabel("Password").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Login to Admin Panel" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await page.getByRole("link", { name: "Staff" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(editorEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(
    page.getByRole("list", { name: "Staff accounts" }).getByRole("listitem").filter({ hasText: editorEmail }),
  ).toContainText("Editor · Invited");

  // The editor opens the mail's link in a browser of their own.
  await builtServer.waitForOutput(new RegExp(`^\\[mail\\] to ${editorEmail.replace(/[.+]/g, "\\$&")}:`));
  const mail = builtServer.stdout().split(`[mail] to ${editorEmail}:`)[1];
  const link = /\/admin\/accept-invite\?token=[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
  expect(link).toBeDefined();
  const editorContext = await browser.newContext({ baseURL: builtServer.url });
  const editor = await editorContext.newPage();
  await openPage(editor, link ?? "");
  await editor.getByLabel("Password", { exact: true }).fill("the-editors-own-password");
  await editor.getByLabel("Confirm Password").fill("the-editors-other-password");
  await editor.getByRole("button", { name: "Set Password" }).click();
  await expect(editor.getByText("The passwords do not match.")).toBeVisible();
  await editor.getByLabel("Confirm Password").fill("the-editors-own-password");
  await editor.getByRole("button", { name: "Set Password" }).click();
  await expect(editor).toHaveURL(/\/admin$/);

  // The link worked once.
  await openPage(editor, link ?? "");
  await expect(editor.getByText("This invitation link has already been used.")).toBeVisible();

  // Signed out and in again with the email and password, as the editor: the menu holds the editor's screens only.
  await editorContext.clearCookies();
  await openPage(editor, "/admin/login");
  await editor.getByLabel("Email", { exact: true }).fill(editorEmail);
  await editor.getByLabel("Password").fill("the-editors-own-password");
  await editor.getByRole("button", { name: "Login to Admin Panel" }).click();
  await expect(editor).toHaveURL(/\/admin$/);
  const nav = editor.getByRole("navigation", { name: "Admin" }).first();
  await expect(nav.getByRole("link", { name: "Episodes" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Members" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);

  // The editor creates an episode, gives it audio and publishes it.
  await openPage(editor, "/admin/episodes/new");
  await editor.getByLabel("Title", { exact: true }).fill(title);
  await editor.getByLabel("Summary").fill("How a small show found its first editor, and what changed.");
  await editor.getByRole("button", { name: "Create Draft" }).click();
  await expect(editor.getByRole("heading", { level: 1, name: "Edit Episode" })).toBeVisible();
  await editor.getByLabel("Audio file").setInputFiles(SAMPLE_AUDIO);
  await editor.getByRole("button", { name: "Upload audio" }).click();
  const editorNotifications = editor.getByRole("region", { name: /Notifications/, includeHidden: true });
  await expect(editorNotifications.getByText("Audio Uploaded")).toBeVisible();
  await editor.getByRole("button", { name: "Publish Now" }).click();
  await expect(editor.getByText("Published", { exact: true })).toBeVisible();
  await openPage(editor, "/podcast");
  await expect(editor.getByRole("link", { name: title }).first()).toBeVisible();

  // Members is not the editor's: a 403 page, and its API refuses too.
  const members = await editor.goto("/admin/members");
  expect(members?.status()).toBe(403);
  await expect(editor.getByRole("heading", { level: 1, name: "Not Allowed" })).toBeVisible();
  expect((await editor.request.get("/api/admin/members")).status()).toBe(403);

  // The owner sees the editor active now.
  await page.reload();
  await expect(
    page.getByRole("list", { name: "Staff accounts" }).getByRole("listitem").filter({ hasText: editorEmail }),
  ).toContainText("Editor · Active");

  // The activity log answers who published it: the editor, by email, after the editor's sign-in.
  await openPage(page, `${builtServer.url}/admin/activity`);
  const log = page.getByRole("table", { name: "Activity log" });
  const published = log.getByRole("row").filter({ hasText: title }).filter({ hasText: "episode.published" });
  await expect(published).toHaveCount(1);
  await expect(published).toContainText(editorEmail);
  await expect(
    log.getByRole("row").filter({ hasText: "staff.signed_in" }).filter({ hasText: editorEmail }),
  ).not.toHaveCount(0);
  await editorContext.close();
});

/** The authenticator app's code (RFC 6238: HMAC-SHA1, 30-second steps, six digits) for a base32 key. */
function authenticatorCode(key: string, stepsAhead = 0): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of key) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const bytes = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepsAhead));
  const mac = createHmac("sha1", bytes).update(counter).digest();
  const offset = mac[mac.length - 1] & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

test("the owner turns on two-factor sign-in, and the login then asks for the app's code", async ({
  browser,
  builtServer,
}) => {
  const context = await browser.newContext({ baseURL: builtServer.url, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const logIn = async () => {
    await openPage(page, "/admin/login");
    await page.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
    await page.getByRole("button", { name: "Login to Admin Panel" }).click();
  };
  await logIn();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await openPage(page, "/admin/sessions");
  await expect(page.getByRole("heading", { level: 1, name: "Your Sessions" })).toBeVisible();
  await expect(page.getByText("(this browser)")).toBeVisible();
  await page.getByRole("button", { name: "Set Up Two-Factor" }).click();
  const key = (await page.locator("code").textContent()) ?? "";
  await page.getByLabel("Code", { exact: true }).fill(authenticatorCode(key));
  await page.getByRole("button", { name: "Turn On Two-Factor" }).click();
  const recoveryCodes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(recoveryCodes).toHaveCount(10);
  const recoveryCode = (await recoveryCodes.first().textContent()) ?? "";

  await context.clearCookies();
  await logIn();
  await expect(page.getByText("Enter the code from your authenticator app, or a recovery code.")).toBeVisible();
  // The code just used to turn it on is spent; the app's next one is accepted.
  await page.getByLabel("Authentication Code").fill(authenticatorCode(key, 1));
  await page.getByRole("button", { name: "Login to Admin Panel" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);

  // Off again with a recovery code, so that the password alone signs the owner in once more.
  await openPage(page, "/admin/sessions");
  await page.getByLabel("Code", { exact: true }).fill(recoveryCode);
  await page.getByRole("button", { name: "Turn Off Two-Factor" }).click();
  await expect(page.getByText("Off: your password alone signs you in.")).toBeVisible();
  await context.close();
});
