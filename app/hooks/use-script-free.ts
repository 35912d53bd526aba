import { useMatches } from "react-router";
import { declaresScriptFree } from "~/lib/page-scripts";

/**
 * Whether the page loads no React: its route declares it script-free (app/lib/page-scripts.ts), except in development,
 * where hot reload needs the scripts. Such a page may still carry the small script of app/script-free-page/.
 */
export function useScriptFree(): boolean {
  const matches = useMatches();
  if (import.meta.env.DEV) return false;
  return declaresScriptFree(matches.at(-1)?.handle);
}
