/**
 * A page route's `handle` says whether its page hydrates. A page whose behaviour is complete without scripts declares
 * `hydrates: false`, and the root layout then renders no `<Scripts/>` for it: it ships no JavaScript at all
 * (docs/decisions/036-script-free-pages.md). A route that declares nothing hydrates.
 */
export type PageScriptsHandle = { hydrates: boolean };

export function declaresScriptFree(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "hydrates" in handle && handle.hydrates === false;
}
