import { expect, type Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (root.tsx sets data-hydrated), so clicks reach React. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return response;
}

/**
 * Signs the page's browser context in as the mock member of `tier` (a real server session; tests only). A test that
 * changes its member (an upgrade) passes an `alias` of its own, so that it gets its own copy of the mock user.
 */
export async function signInAsMember(page: Page, tier: "free" | "basic" | "premium", options: { alias?: string } = {}) {
  const response = await page.request.post("/api/auth/mock-login", {
    data: { membershipTier: tier, alias: options.alias },
  });
  expect(response.ok()).toBe(true);
}
