import fs from "node:fs";
import type { Page } from "@playwright/test";
import { MOCK_USERS } from "../../app/features/auth/mock-users";
import { expect, test } from "./fixtures";
import { openPage } from "./support";

const MEMBER_PAGES = [
  "/members/dashboard",
  "/members/profile",
  "/members/upgrade",
  "/members/premium-content",
  "/members/events",
  "/members/resources",
  "/members/resources/download/1",
  "/members/premium-content/audio/founders-who-failed-forward-the-unedited-cut",
];

/** Words that only premium members may ever receive. */
const PREMIUM_WORDS = [
  "Founders Who Failed Forward",
  "Disruption Playbook",
  "Pitch Deck Template Pack",
  "Founder Roundtable",
  "/members/resources/download/",
];

const main = (page: Page) => page.getByRole("main");

/** React's reports of server HTML that the browser rendered differently. */
function watchHydrationErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match|react/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("member pages signed out", () => {
  for (const path of MEMBER_PAGES) {
    test(`${path} sends the browser to sign-in on the server`, async ({ page }) => {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe(`/api/login?returnTo=${encodeURIComponent(path)}`);
    });
  }
});

test.describe("/members/dashboard", () => {
  for (const [tier, plan] of [
    ["free", "Free Membership"],
    ["basic", "Basic Membership"],
  ] as const) {
    test(`a ${tier} member sees their plan, Upgrade Now and the upgrade prompt`, async ({ page, signInAs }) => {
      await signInAs(tier);
      await openPage(page, "/members/dashboard");
      const mock = MOCK_USERS[tier];
      await expect(page.getByRole("heading", { level: 1, name: "Member Dashboard" })).toBeVisible();
      await expect(main(page).getByText(`Welcome back, ${mock.firstName}!`)).toBeVisible();
      await expect(main(page).getByText(plan, { exact: true })).toBeVisible();
      await expect(main(page).getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/members/upgrade");
      const account = page.getByRole("region", { name: "Account Information" });
      await expect(account.getByText(mock.email)).toBeVisible();
      await expect(account.getByText(`${mock.firstName} ${mock.lastName}`)).toBeVisible();
      await expect(account.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/members/profile");
      const content = page.getByRole("region", { name: "Member Content" });
      await expect(content.getByText("Upgrade to Premium to access exclusive content")).toBeVisible();
      await expect(content.getByRole("link", { name: "View Membership Plans" })).toHaveAttribute(
        "href",
        "/members/upgrade",
      );
      await expect(content.getByRole("link", { name: /View Schedule|Browse|Manage/ })).toHaveCount(0);
    });
  }

  test("a premium member sees Premium Membership and the four premium links, without Upgrade Now", async ({
    page,
    signInAs,
  }) => {
    await signInAs("premium");
    await openPage(page, "/members/dashboard");
    await expect(main(page).getByText("Welcome back, Parker!")).toBeVisible();
    await expect(main(page).getByText("Premium Membership", { exact: true })).toBeVisible();
    await expect(main(page).getByRole("link", { name: "Upgrade Now" })).toHaveCount(0);
    const content = page.getByRole("region", { name: "Member Content" });
    for (const [title, action, href] of [
      ["Premium Podcast Episodes", "Listen Now", "/members/premium-content"],
      ["Virtual Events", "View Schedule", "/members/events"],
      ["Resource Library", "Browse", "/members/resources"],
      ["Guest Applications", "Manage", "/members/guest-applications"],
    ]) {
      await expect(content.getByRole("heading", { name: title })).toBeVisible();
      await expect(content.getByRole("link", { name: `${action}: ${title}` })).toHaveAttribute("href", href);
    }
    await expect(content.getByText("Upgrade to Premium to access exclusive content")).toHaveCount(0);
  });

  test("Edit Profile opens the profile", async ({ page, signInAs }) => {
    await signInAs("basic");
    await openPage(page, "/members/dashboard");
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expect(page).toHaveURL("/members/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Profile Settings" })).toBeVisible();
  });
});

test.describe("/members/profile", () => {
  for (const [tier, label] of [
    ["free", "Free Member"],
    ["basic", "Basic Member"],
    ["premium", "Premium Member"],
  ] as const) {
    test(`a ${tier} member sees their profile labelled ${label}, the names editable and the email fixed`, async ({
      page,
      signInAs,
    }) => {
      await signInAs(tier);
      await openPage(page, "/members/profile");
      const mock = MOCK_USERS[tier];
      await expect(page.getByRole("heading", { level: 1, name: "Profile Settings" })).toBeVisible();
      await expect(main(page).getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute(
        "href",
        "/members/dashboard",
      );
      const summary = page.getByRole("region", { name: "Profile summary" });
      await expect(summary.locator("img")).toHaveAttribute("src", "/images/default-avatar.svg");
      await expect(summary.getByText(`${mock.firstName} ${mock.lastName}`)).toBeVisible();
      await expect(summary.getByText(mock.email)).toBeVisible();
      await expect(summary.getByText(label, { exact: true })).toBeVisible();
      const photoButton = summary.getByRole("button", { name: "Change photo" });
      await expect(photoButton).toBeDisabled();
      await expect(photoButton).toHaveAccessibleDescription("Photo editing coming soon");

      const email = main(page).getByRole("textbox", { name: "Email" });
      await expect(email).toHaveValue(mock.email);
      await expect(email).not.toBeEditable();
      for (const [field, value] of [
        ["First Name", mock.firstName],
        ["Last Name", mock.lastName],
      ]) {
        const input = main(page).getByRole("textbox", { name: field });
        await expect(input).toHaveValue(value);
        await expect(input).toBeEditable();
      }
      await expect(main(page).getByRole("link", { name: "Manage Membership" })).toHaveAttribute(
        "href",
        "/members/upgrade",
      );
      await expect(main(page).getByRole("link", { name: "Sign Out" })).toHaveAttribute("href", "/api/logout");
    });
  }

  test("Sign Out ends the session and goes home", async ({ page, signInAs }) => {
    await signInAs("free");
    await openPage(page, "/members/profile");
    await main(page).getByRole("link", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/");
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });
});

test.describe("premium pages for members without premium", () => {
  for (const tier of ["free", "basic"] as const) {
    for (const path of ["/members/premium-content", "/members/events", "/members/resources"]) {
      test(`${path} shows a ${tier} member the Premium Access Required panel and nothing premium`, async ({
        page,
        signInAs,
      }) => {
        await signInAs(tier);
        const response = await openPage(page, path);
        await expect(page.getByRole("heading", { level: 1, name: "Premium Access Required" })).toBeVisible();
        await expect(main(page).getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute(
          "href",
          "/members/upgrade",
        );
        await expect(main(page).getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute(
          "href",
          "/members/dashboard",
        );
        const html = (await response?.text()) ?? "";
        const data = await (await page.request.get(`${path}.data`)).text();
        for (const word of PREMIUM_WORDS) {
          expect(html).not.toContain(word);
          expect(data).not.toContain(word);
        }
      });
    }

    test(`premium files are refused to a ${tier} member`, async ({ page, signInAs }) => {
      await signInAs(tier);
      for (const path of MEMBER_PAGES.slice(-2)) {
        const response = await page.request.get(path);
        expect(response.status()).toBe(403);
        expect(await response.text()).toBe("Premium membership required");
      }
    });
  }
});

test.describe("premium pages for a premium member", () => {
  test.use({ signedInAs: "premium" });

  test("/members/premium-content lists three episodes and four downloads", async ({ page }) => {
    const hydrationErrors = watchHydrationErrors(page);
    const response = await openPage(page, "/members/premium-content");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1, name: "Premium Content" })).toBeVisible();
    const episodes = page.getByRole("region", { name: "Premium Episodes" }).getByRole("listitem");
    await expect(episodes).toHaveCount(3);
    for (const [index, minutes] of [55, 47, 63].entries()) {
      await expect(episodes.nth(index).getByText(`${minutes} min`)).toBeVisible();
      await expect(episodes.nth(index).locator("time")).toHaveText(/2025$/);
      await expect(episodes.nth(index).getByRole("button", { name: "Listen Now" })).toBeVisible();
    }
    const downloads = page.getByRole("region", { name: "Downloadable Resources" });
    await expect(downloads.getByRole("link", { name: "Download PDF" })).toHaveCount(3);
    await expect(downloads.getByRole("link", { name: "Download ZIP" })).toHaveCount(1);
    expect(hydrationErrors).toEqual([]);
  });

  test("Listen Now opens a player on the premium audio", async ({ page }) => {
    await openPage(page, "/members/premium-content");
    const episode = page.getByRole("region", { name: "Premium Episodes" }).getByRole("listitem").first();
    await episode.getByRole("button", { name: "Listen Now" }).click();
    const player = episode.locator("audio");
    await expect(player).toBeVisible();
    await expect(player).toBeFocused();
    const src = await player.getAttribute("src");
    expect(src).toBe("/members/premium-content/audio/founders-who-failed-forward-the-unedited-cut");
    const audio = await page.request.get(src ?? "");
    expect(audio.status()).toBe(200);
    expect(audio.headers()["content-type"]).toBe("audio/mpeg");
    await expect(episode.getByRole("button", { name: "Listen Now" })).toHaveCount(0);
  });

  test("a download saves the resource file", async ({ page }) => {
    await openPage(page, "/members/premium-content");
    const resource = page.getByRole("region", { name: "Downloadable Resources" }).getByRole("listitem").first();
    await expect(resource.getByRole("heading", { name: "The Disruption Playbook" })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      resource.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("disruption-playbook.pdf");
    const savedPath = await download.path();
    expect(fs.readFileSync(savedPath).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  test("the ZIP download is served as a ZIP attachment", async ({ page }) => {
    const response = await page.request.get("/members/resources/download/4");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/zip");
    expect(response.headers()["content-disposition"]).toBe('attachment; filename="pitch-deck-templates.zip"');
    expect((await page.request.get("/members/resources/download/no-such-file")).status()).toBe(404);
  });

  test("/members/resources lists the four downloads", async ({ page }) => {
    await openPage(page, "/members/resources");
    await expect(page.getByRole("heading", { level: 1, name: "Resource Library" })).toBeVisible();
    for (const title of [
      "The Disruption Playbook",
      "Innovation Audit Checklist",
      "Season One Interview Transcripts",
      "Pitch Deck Template Pack",
    ]) {
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    }
    await expect(main(page).getByRole("link", { name: /^Download (PDF|ZIP)$/ })).toHaveCount(4);
  });

  test("/members/events lists the upcoming virtual events", async ({ page }) => {
    const hydrationErrors = watchHydrationErrors(page);
    await openPage(page, "/members/events");
    await expect(page.getByRole("heading", { level: 1, name: "Virtual Events" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Live Q&A with the Host" })).toBeVisible();
    await expect(main(page).locator("time").first()).toHaveText(/UTC$/);
    expect(hydrationErrors).toEqual([]);
  });

  test("the dashboard's premium links lead to their pages", async ({ page }) => {
    await openPage(page, "/members/dashboard");
    await page.getByRole("link", { name: "View Schedule: Virtual Events" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Virtual Events" })).toBeVisible();
    await page.goBack();
    await page.getByRole("link", { name: "Browse: Resource Library" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Resource Library" })).toBeVisible();
  });
});

test("a member's own tier decides, not an earlier page: a basic member sees the panel after a premium session", async ({
  page,
  signInAs,
}) => {
  await signInAs("premium");
  await openPage(page, "/members/premium-content");
  await expect(page.getByRole("heading", { level: 1, name: "Premium Content" })).toBeVisible();
  await signInAs("basic");
  await openPage(page, "/members/premium-content");
  await expect(page.getByRole("heading", { level: 1, name: "Premium Access Required" })).toBeVisible();
});
