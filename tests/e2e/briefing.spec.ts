import { expect, test } from "@playwright/test";
import { newsletterLinks } from "../../app/lib/site-config";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { openPage } from "./support";

const { embedUrl, archiveUrl } = newsletterLinks(E2E_NEWSLETTER_URL);

test.beforeEach(async ({ page }) => {
  // The newsletter platform is out of reach here; a stub answers for it.
  await page.route(`${new URL(embedUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
});

test.describe("briefing page", () => {
  test("embeds the newsletter sign-up, 150 px high, with a cache-busting parameter", async ({ page }) => {
    await openPage(page, "/briefing");
    await expect(page.getByRole("heading", { level: 1, name: "The Briefing" })).toBeVisible();
    const frame = page.getByRole("main").locator("iframe");
    await expect(frame).toHaveAttribute("height", "150");
    await expect(frame).toHaveAttribute("src", new RegExp(`^${embedUrl}\\?t=\\d+$`));
  });

  test("shows the four benefit cards", async ({ page }) => {
    await openPage(page, "/briefing");
    await expect(page.getByRole("main").getByRole("heading", { level: 3 })).toHaveText([
      "Exclusive Content",
      "Early Access",
      "Curated Insights",
      "Community",
    ]);
  });

  test("the Newsletter Archive block links out to the archive", async ({ page }) => {
    await openPage(page, "/briefing");
    const archive = page.getByRole("region", { name: "Newsletter Archive" });
    const link = archive.getByRole("link", { name: "Browse the Archive" });
    await expect(link).toHaveAttribute("href", archiveUrl);
    await expect(link).toHaveAttribute("target", "_blank");
  });

  test("Subscribe on Substack links to the newsletter platform", async ({ page }) => {
    await openPage(page, "/briefing");
    const link = page.getByRole("link", { name: "Subscribe on Substack" });
    await expect(link).toHaveAttribute("href", E2E_NEWSLETTER_URL);
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});
