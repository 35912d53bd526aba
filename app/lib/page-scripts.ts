/**
 * A page route's `handle` says whether its page hydrates. A page whose behaviour is complete without scripts declares
 * `hydrates: false`, and the root layout then renders no `<Scripts/>` for it: it loads no React, only the small script
 * of app/script-free-page/ while there is something for it to do (docs/decisions/036-script-free-pages.md and
 * 045-script-free-page-script.md). A route that declares nothing hydrates.
 */
export type PageScriptsHandle = { hydrates: boolean };

export function declaresScriptFree(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "hydrates" in handle && handle.hydrates === false;
}
