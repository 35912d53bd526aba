import { useMatches, useRouteLoaderData } from "react-router";
import type { loader } from "~/root";
import { declaresScriptFree } from "./page-scripts";

/**
 * Whether the page ships no script: its route declares it script-free (app/lib/page-scripts.ts), except in development,
 * where hot reload needs the scripts, and where analytics is set up, whose page views only a script can send.
 */
export function useScriptFree(): boolean {
  const matches = useMatches();
  const rootData = useRouteLoaderData<typeof loader>("root");
  if (import.meta.env.DEV || rootData?.gaMeasurementId) return false;
  return declaresScriptFree(matches.at(-1)?.handle);
}
