import { expect, type Page, test } from "@playwright/test";
import { openPage } from "./support";

const legalPages = [
  {
    path: "/privacy-policy",
    title: "Privacy Policy",
    description: "How we collect, use and protect your personal information.",
    sections: [
      "Information We Collect",
      "How We Use Your Information",
      "How We Protect Your Information",
      "We Do Not Sell Your Data",
      "Third-Party Links",
      "Children's Privacy",
      "Your Rights",
      "Changes to This Policy",
      "Contact Us",
    ],
    phrases: [
      "your name;",
      "your email address;",
      "your company name, if you provide it;",
      "the message you send us through the contact form",
      "your browser type and version;",
      "your device type and operating system;",
      "your IP address;",
      "usage information",
      "We do not sell, trade or rent your personal information",
      "We do not knowingly collect personal information from children under 13.",
    ],
  },
  {
    path: "/terms-of-service",
    title: "Terms of Service",
    description: "The terms that apply when you use this website.",
    sections: [
      "Use License",
      "Disclaimer",
      "Limitations",
      "Accuracy of Materials",
      "Links",
      "Modifications",
      "Governing Law",
      "User Content",
      "Contact Us",
    ],
    phrases: [
      "the laws of the United States",
      "a worldwide, irrevocable, non-exclusive, royalty-free license, which we may sublicense",
      "you may not:",
    ],
  },
  {
    path: "/cookie-policy",
    title: "Cookie Policy",
    description: "Which cookies this website uses and how you can manage them.",
    sections: ["Cookies We Use", "Third-Party Cookies", "Managing Cookies", "Changes to This Policy"],
    phrases: ["Essential cookies", "Preference cookies", "Analytics cookies", "Marketing cookies"],
  },
];

const main = (page: Page) => page.getByRole("main");

for (const legal of legalPages) {
  test.describe(legal.title, () => {
    test("has its title, the date it was last updated and a section for every topic", async ({ page, baseURL }) => {
      await openPage(page, legal.path);
      await expect(page).toHaveTitle(`${legal.title} | The Disruption Confessional`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", legal.description);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${legal.path}`);
      await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(legal.title);
      await expect(main(page).getByText("Last Updated May 14, 2025", { exact: true })).toBeVisible();
      await expect(main(page).getByRole("heading", { level: 2 })).toHaveText(legal.sections);
      for (const phrase of legal.phrases) await expect(main(page).getByText(phrase).first()).toBeVisible();
    });

    test("fades in over 0.4 s", async ({ page }) => {
      await openPage(page, legal.path);
      const style = await main(page).evaluate((element) => {
        const computed = getComputedStyle(element);
        return { name: computed.animationName, duration: computed.animationDuration };
      });
      expect(style).toEqual({ name: "page-fade-in", duration: "0.4s" });
    });

    test("does not animate when the visitor prefers reduced motion", async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await openPage(page, legal.path);
      expect(await main(page).evaluate((element) => getComputedStyle(element).animationName)).toBe("none");
    });
  });
}

test("the privacy policy lists the six rights", async ({ page }) => {
  await openPage(page, "/privacy-policy");
  const rights = page.getByRole("region", { name: "Your Rights" }).getByRole("listitem");
  await expect(rights.locator("strong")).toHaveText([
    "Access",
    "Correction",
    "Deletion",
    "Restriction",
    "Portability",
    "Objection",
  ]);
});

test("the privacy policy opens at its top when followed from the bottom of another page", async ({ page }) => {
  await openPage(page, "/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("the privacy policy opens at its top even where the browser would restore a scroll position", async ({ page }) => {
  await openPage(page, "/privacy-policy");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("main").getByRole("link", { name: "contact page" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  // Loaded as a document, a page without React: its small script is what opens it at its top.
  await expect(page.locator("html")).toHaveAttribute("data-page-scripts", "none");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
