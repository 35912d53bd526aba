import { expect, type Locator, type Page } from "@playwright/test";

/** Opens a page and waits until it is live (pageLive). */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await pageLive(page);
  return response;
}

/**
 * Waits until the page last loaded is live: hydrated by React (root.tsx sets data-hydrated), so clicks reach React, or
 * at once for a page that ships no script (data-page-scripts="none", docs/decisions/036-script-free-pages.md). A page
 * reached by a full load that the test did not start itself (a redirect from another site, a form posted without
 * scripts) needs this before its first click as much as one opened with openPage.
 */
export async function pageLive(page: Page) {
  // Hydration waits for the page's scripts to load and run: on a host whose Chromium is slow (decision 046) that has
  // taken more than the 5 s an assertion gets by default.
  await expect(page.locator('html:is([data-hydrated="true"], [data-page-scripts="none"])')).toHaveCount(1, {
    timeout: 15_000,
  });
}

/**
 * Stops the clock of a page that installed Playwright's fake clock, so that its timers run only when the test moves
 * it. The page's clock keeps running until then, and pausing at a time it has already passed throws; a minute ahead of
 * the page's own clock leaves room for a host that is slow between the two calls.
 */
export async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
}

declare global {
  interface Window {
    smallScriptRan?: boolean;
  }
}

/**
 * For the next page without React that `page` opens: returns a wait for its small script to have run. The script loads
 * after the page's first paint and load event, so `goto` may resolve before it runs. A script element's load event
 * comes after the script has run; an init script, which runs before the page's own, listens for it.
 */
export async function smallScriptRun(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    document.addEventListener(
      "load",
      (event) => {
        if (event.target instanceof HTMLScriptElement && event.target.src.includes("/assets/script-free-page-"))
          window.smallScriptRan = true;
      },
      true,
    );
  });
  return async () => {
    await page.waitForFunction(() => window.smallScriptRan === true);
  };
}

/**
 * Waits until the finite CSS animations and transitions of the page, or of one element and its subtree, have ended,
 * so that positions and colours are measured at rest. An animation cancelled meanwhile (its element removed, or a new
 * transition started) has ended too: its `finished` promise rejects, which is not a failure here. Endless animations
 * (spinners) and animations driven by scrolling rather than time (the header of a page without scripts) are not
 * waited for.
 */
export async function animationsSettled(target: Page | Locator) {
  // Serialised into the page: it must not refer to anything outside itself.
  const settle = async (root: Element | null) => {
    await Promise.all(
      (root ? root.getAnimations({ subtree: true }) : document.getAnimations())
        .filter((animation) => animation.timeline instanceof DocumentTimeline)
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  };
  if ("goto" in target) await target.evaluate(settle, null);
  else await target.evaluate(settle);
}

/**
 * Holds the requests matching `url` until the returned `release` is called, so that a pending or loading state can be
 * seen; then lets them reach the server.
 */
export async function holdRequests(page: Page, url: string | ((url: URL) => boolean)) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/** Room below the last section, so that any section can reach the header whatever the page's content. */
export async function makeHomePageTall(page: Page) {
  await page.addStyleTag({ content: "main { padding-bottom: 200vh; }" });
}

/** Distance between the section's top and the header's bottom edge, in px. */
export function gapBelowHeader(page: Page, sectionId: string) {
  return page.evaluate((id) => {
    const header = document.querySelector("[data-site-header]")?.getBoundingClientRect();
    const section = document.getElementById(id)?.getBoundingClientRect();
    if (!header || !section) throw new Error(`missing header or #${id}`);
    return Math.abs(section.top - header.bottom);
  }, sectionId);
}
