/**
 * A page route's `handle` says whether its page hydrates. A page whose behaviour is complete without scripts declares
 * `hydrates: false`, and the root layout then renders no `<Scripts/>` for it: it loads no React, only the small script
 * of app/script-free-page/ while there is something for it to do (docs/decisions/036-script-free-pages.md and
 * 045-script-free-page-script.md). A route that declares nothing hydrates.
 */
export type PageScriptsHandle = {
  hydrates: boolean;
  /** The page opens at its top, even where the browser would restore an earlier scroll position. */
  opensAtTop?: boolean;
};

/** Set on a page's small script when the page opens at its top. */
export const OPENS_AT_TOP_ATTRIBUTE = "data-opens-at-top";

export function declaresScriptFree(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "hydrates" in handle && handle.hydrates === false;
}

export function declaresOpensAtTop(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "opensAtTop" in handle && handle.opensAtTop === true;
}

/**
 * The inline script that loads a page's small script once the page has shown its content and loaded. A script
 * requested while the page is parsed shares a slow line with the stylesheet and the page's images, and the largest
 * paint waits (as the hydrating pages load their modules after the first paint, docs/decisions/029-first-load.md). The
 * load event alone comes too early: Chromium fires it once the stylesheet is in, before it paints. So the script waits
 * for the first contentful paint too, where the browser reports paints and the tab is visible (a hidden tab paints
 * nothing). The script it adds gets the inline script's `data-` attributes, which it reads from
 * `document.currentScript`.
 */
export function loadAfterFirstPaint(src: string): string {
  return [
    "(async (loader) => {",
    'if (document.visibilityState !== "hidden" && PerformanceObserver.supportedEntryTypes?.includes("paint"))',
    '  await new Promise((resolve) => new PerformanceObserver((entries) => entries.getEntriesByName("first-contentful-paint").length > 0 && resolve()).observe({ type: "paint", buffered: true }));',
    'if (document.readyState !== "complete") await new Promise((resolve) => addEventListener("load", resolve, { once: true }));',
    'const script = document.createElement("script");',
    'for (const { name, value } of loader.attributes) if (name.startsWith("data-")) script.setAttribute(name, value);',
    `script.src = ${JSON.stringify(src)};`,
    "document.body.append(script);",
    "})(document.currentScript);",
  ].join("\n");
}
