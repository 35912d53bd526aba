import { expect, type Page } from "@playwright/test";

/** Opens a page and waits until React has hydrated it (root.tsx sets data-hydrated), so clicks reach React. */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return response;
}
