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
