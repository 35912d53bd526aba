import type { Page } from "@playwright/test";
import { matchPath } from "react-router";
import { COOKIE_NOTICE_DISMISSED_COOKIE } from "../../app/lib/cookie-notice";
import { newsletterLinks } from "../../app/lib/site-config";
import { listPublicRoutes } from "../../scripts/public-pages";
import { E2E_NEWSLETTER_URL } from "../setup/e2e-newsletter";
import { expect, test } from "./fixtures";
import { animationsSettled, openPage } from "./support";

/** A phone, a tablet upright, a small laptop, a laptop and a desktop. */
const WIDTHS = [390, 768, 1024, 1280, 1440];
const HEIGHT = 900;

/** Every public page, as the build declares them (app/lib/public-routes.ts); a page with a parameter is opened at
 * the first address of the sitemap it answers. */
const PUBLIC_PATTERNS = (await listPublicRoutes()).filter((route) => route.page).map((route) => route.path);

/** The owner's main screens, each in the admin shell. */
const ADMIN_PAGES = [
  "/admin",
  "/admin/contacts",
  "/admin/subscribers",
  "/admin/members",
  "/admin/content-calendar",
  "/admin/episodes",
  "/admin/episodes/new",
  "/admin/insights",
  "/admin/stories",
  "/admin/events",
  "/admin/resources",
  "/admin/settings",
  "/admin/activity",
  "/admin/analytics",
  "/members/guest-applications",
];

const INTERACTIVE = "a, button, input, select, textarea, summary, [role=button]";

/**
 * What is wrong with the page's layout at its current width: how far it scrolls sideways, and each pair of visible
 * interactive elements whose boxes intersect by more than 1 px (one inside the other, as an icon's button in a link,
 * does not count). Boxes are taken against the document, so elements below the fold are compared too.
 */
function layoutProblems(page: Page) {
  return page.evaluate((selector) => {
    const nameOf = (element: Element) => {
      const label =
        element.getAttribute("aria-label") ||
        element.textContent?.trim().replace(/\s+/g, " ").slice(0, 40) ||
        element.getAttribute("name") ||
        element.getAttribute("href") ||
        "";
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${label}"`;
    };
    const visible = [...document.querySelectorAll(selector)].filter((element) => {
      if (!(element instanceof HTMLElement)) return false;
      if (element.closest("[inert], [aria-hidden=true]")) return false;
      const style = getComputedStyle(element);
      if (style.visibility !== "visible" || Number(style.opacity) === 0) return false;
      const rect = element.getBoundingClientRect();
      // A visually hidden element (sr-only: 1 px, clipped) takes no room that another could collide with.
      return rect.width > 1 && rect.height > 1 && element.checkVisibility({ opacityProperty: true });
    });
    // Controls that float over the bottom of the window (the owner's menu, the test controls) have the page's content
    // scroll beneath them by design: they must not collide with each other or the fixed chrome, but content may pass
    // under them. Fixed chrome at the top (the header, the admin bar) must clear the content, and is compared with it.
    const floatsAtBottom = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).position === "fixed") {
          return node.getBoundingClientRect().top > window.innerHeight / 2;
        }
      }
      return false;
    };
    const fixed = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).position === "fixed") return true;
      }
      return false;
    };
    const boxes = visible.map((element) => {
      const rect = element.getBoundingClientRect();
      // Fixed elements stay where they are in the window: they are compared as the page shows them unscrolled.
      return {
        element,
        floating: floatsAtBottom(element),
        fixed: fixed(element),
        box: {
          name: nameOf(element),
          left: rect.left + window.scrollX,
          top: rect.top + window.scrollY,
          right: rect.right + window.scrollX,
          bottom: rect.bottom + window.scrollY,
        },
      };
    });
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        if ((a.floating && !b.fixed) || (b.floating && !a.fixed)) continue;
        const width = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const height = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (width > 1 && height > 1) overlaps.push(`${a.box.name} overlaps ${b.box.name}`);
      }
    }
    const scroller = document.scrollingElement ?? document.documentElement;
    // To name the cause: the innermost elements that reach past the window's right edge.
    const past = [...document.body.querySelectorAll("*")].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const widest = past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`);
    return { sideways: scroller.scrollWidth - window.innerWidth, overlaps, widest };
  }, INTERACTIVE);
}

async function checkEveryWidth(page: Page, path: string) {
  await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
  await openPage(page, path);
  for (const width of WIDTHS) {
    await test.step(`${width} px`, async () => {
      await page.setViewportSize({ width, height: HEIGHT });
      await animationsSettled(page);
      const { sideways, overlaps, widest } = await layoutProblems(page);
      expect.soft(overlaps, `${path} at ${width} px: interactive elements overlap`).toEqual([]);
      expect(
        sideways,
        `${path} at ${width} px scrolls sideways; reaching past the edge: ${widest.join(", ")}`,
      ).toBeLessThanOrEqual(0);
    });
  }
}

const embedOrigin = new URL(newsletterLinks(E2E_NEWSLETTER_URL).embedUrl).origin;

test.beforeEach(async ({ page, context, baseURL }) => {
  // The newsletter platform is out of reach here; its frame is answered by a stub.
  await page.route(`${embedOrigin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Newsletter</title>" }),
  );
  // The cookie notice floats over the page by design until it is dismissed; the pages are measured without it.
  await context.addCookies([{ name: COOKIE_NOTICE_DISMISSED_COOKIE, value: "1", url: baseURL ?? "" }]);
});

test.describe("public pages hold their layout at every width", () => {
  let sitemap: string[] = [];
  test.beforeAll(async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    sitemap = [...(await response.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
  });

  for (const pattern of PUBLIC_PATTERNS) {
    test(pattern, async ({ page }) => {
      const path = /[:*]/.test(pattern) ? sitemap.find((pathname) => matchPath(pattern, pathname)) : pattern;
      expect(path, `the sitemap lists an address of ${pattern}`).toBeDefined();
      await checkEveryWidth(page, path ?? pattern);
    });
  }
});

test.describe("the owner's screens hold their layout at every width", () => {
  test.use({ signedInAs: "owner" });
  for (const path of ADMIN_PAGES) {
    test(path, async ({ page }) => {
      await checkEveryWidth(page, path);
    });
  }
});

test.describe("the footer's own sign-up form", () => {
  // A fresh clone has no newsletter publication: the footer then shows the site's own form, whose button ran into
  // the social icons at 1280 px. The shared server has a publication, so this runs on a second one without.
  test("holds its layout at every width", async ({ page, builtServer }) => {
    await page.context().addCookies([{ name: COOKIE_NOTICE_DISMISSED_COOKIE, value: "1", url: builtServer.url }]);
    await checkEveryWidth(page, `${builtServer.url}/about`);
    await expect(page.getByRole("contentinfo").getByRole("button", { name: "Notify Me" })).toBeVisible();
  });
});
