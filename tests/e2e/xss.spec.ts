import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { applyAsGuest, sendContactMessage, subscribe, uniqueTag } from "./owner-support";
import { openPage } from "./support";

/**
 * Proof that stored input never runs as script: payloads stored through every public form field, then every page that shows them opened in
 * Chromium. Each payload calls `xss(n)` (defined before any page script runs) or `alert(n)` if it ever executes; the
 * tests also check that each payload is shown as its literal text, so a page that dropped the rows would not pass.
 */
const templates = [
  (n: number) => `<script>xss(${n})</script>`,
  (n: number) => `<img src=x onerror=xss(${n})>`,
  (n: number) => `<svg/onload=xss(${n})>`,
  (n: number) => `"><img src=x onerror=xss(${n})>`,
  (n: number) => `'><script>xss(${n})</script>`,
  (n: number) => `</script><script>xss(${n})</script>`,
  (n: number) => `<iframe srcdoc="<script>parent.xss(${n})</script>"></iframe>`,
  (n: number) => `<a href="javascript:xss(${n})">link ${n}</a>`,
  (n: number) => `<details open ontoggle=xss(${n})>`,
  (n: number) => `javascript:alert(${n})`,
  (n: number) => `<math><mtext><table><mglyph><style><img src=x onerror=xss(${n})>`,
  (n: number) => `{{constructor.constructor('xss(${n})')()}}`,
  (n: number) => `\u2028</script><script>alert(${n})</script>`,
];
const payloads = templates.map((template, index) => template(index + 1));

/** Padding that keeps the biography over its 50-character minimum whatever the payload. */
const BIOGRAPHY_PADDING = " is the biography of a founder who wants to talk about a difficult turning point.";

type Probe = { fired: number[]; dialogs: string[] };

/** Installs `xss()` before the page's own scripts and records any alert, confirm or prompt. */
async function armProbe(page: Page): Promise<Probe> {
  const probe: Probe = { fired: [], dialogs: [] };
  await page.exposeFunction("xss", (n: number) => {
    probe.fired.push(n);
  });
  page.on("dialog", async (dialog) => {
    probe.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return probe;
}

function expectNothingRan(probe: Probe) {
  expect(probe.fired, "payloads that ran").toEqual([]);
  expect(probe.dialogs, "dialogs a payload opened").toEqual([]);
}

test.describe("stored XSS payloads are shown as text and never run", () => {
  test.use({ signedInAs: "owner" });

  test("contact messages: the owner's table and each message's dialog", async ({ page }) => {
    // Opens and closes a dialog for each of the payloads: 23 to 32 s on a busy 2-core host, over the default 30 s.
    test.slow();
    const tag = uniqueTag();
    for (const payload of payloads) {
      await sendContactMessage(page.request, {
        name: `${tag} ${payload}`,
        email: "attacker@example.com",
        subject: "pitch",
        message: `${tag} message ${payload}`,
      });
    }
    const probe = await armProbe(page);
    await openPage(page, "/admin/contacts");
    const table = page.getByRole("table", { name: "Contact messages" });
    for (const payload of payloads) {
      const row = table.getByRole("row").filter({ hasText: `${tag} ${payload}` });
      await expect(row).toHaveCount(1);
      await row.getByRole("button", { name: "View" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText(`${tag} message ${payload}`)).toBeVisible();
      await dialog.getByRole("button", { name: "Close dialog" }).click();
      await expect(dialog).toHaveCount(0);
    }
    expectNothingRan(probe);
  });

  test("guest applications: the owner's tab and each application's details", async ({ page }) => {
    // Opens and closes a dialog for each of the payloads: 23 to 32 s on a busy 2-core host, over the default 30 s.
    test.slow();
    const tag = uniqueTag();
    for (const payload of payloads) {
      await applyAsGuest(page.request, {
        name: `${tag} ${payload}`.slice(0, 100),
        email: "applicant@example.com",
        company: `company ${payload}`,
        expertise: `expertise ${payload}`,
      });
    }
    const probe = await armProbe(page);
    await openPage(page, "/admin/contacts");
    await page.getByRole("tab", { name: "Guest Applications" }).click();
    const table = page.getByRole("table", { name: "Guest applications" });
    for (const payload of payloads) {
      const row = table.getByRole("row").filter({ hasText: `${tag} ${payload}` });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(`company ${payload}`);
      await row.getByRole("button", { name: "View" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText(`expertise ${payload}`)).toBeVisible();
      await dialog.getByRole("button", { name: "Close", exact: true }).click();
      await expect(dialog).toHaveCount(0);
    }
    expectNothingRan(probe);
  });

  test("every guest-application field in the details view", async ({ page }) => {
    const tag = uniqueTag();
    const corpus = payloads.join(" ");
    const name = `${tag} all fields`;
    const response = await page.request.post("/api/guests/apply", {
      data: {
        name,
        email: "applicant@example.com",
        company: payloads[0],
        jobTitle: payloads[1],
        expertise: payloads[2],
        topicIdea: corpus,
        biography: `${corpus}${BIOGRAPHY_PADDING}`,
        socialLinks: { website: "https://example.com/?q=<script>xss(99)</script>" },
        pastAppearances: corpus,
        notes: corpus,
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
    const probe = await armProbe(page);
    await openPage(page, "/admin/contacts");
    await page.getByRole("tab", { name: "Guest Applications" }).click();
    await page
      .getByRole("table", { name: "Guest applications" })
      .getByRole("row")
      .filter({ hasText: name })
      .getByRole("button", { name: "View" })
      .click();
    const dialog = page.getByRole("dialog", { name });
    for (const text of [payloads[0], payloads[1], payloads[2], `${corpus}${BIOGRAPHY_PADDING}`]) {
      await expect(dialog.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByText(corpus, { exact: true })).toHaveCount(3);
    expectNothingRan(probe);
  });

  test("newsletter subscribers: the owner's list and its search", async ({ page }) => {
    const tag = uniqueTag();
    for (const [index, payload] of payloads.entries()) {
      await subscribe(page.request, {
        email: `xss-${index}-${tag}@example.com`,
        firstName: payload.slice(0, 50),
        lastName: payload.slice(0, 50),
      });
    }
    const probe = await armProbe(page);
    await openPage(page, "/admin/subscribers");
    await page.getByRole("searchbox", { name: "Search subscribers" }).fill(tag);
    const table = page.getByRole("table", { name: "Newsletter subscribers" });
    for (const [index, payload] of payloads.entries()) {
      await expect(table.getByRole("row").filter({ hasText: `xss-${index}-${tag}@example.com` })).toContainText(
        payload.slice(0, 50),
      );
    }
    expectNothingRan(probe);
  });
});

test("a premium member's own guest applications page shows payloads as text", async ({ page, signInAs }) => {
  const tag = uniqueTag();
  for (const payload of payloads) {
    await applyAsGuest(page.request, {
      name: `${tag} ${payload}`.slice(0, 100),
      email: "premium.member@example.com",
      expertise: `expertise ${payload}`,
    });
  }
  await signInAs("premium");
  const probe = await armProbe(page);
  await openPage(page, "/members/guest-applications");
  for (const payload of payloads) {
    await expect(page.getByText(`${tag} ${payload}`.slice(0, 100), { exact: true })).toBeVisible();
  }
  expectNothingRan(probe);
});
