import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root loader's data (settings for the browser, the signed-in member, the owner flag) from any component. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useRootData is used outside the root route");
  return data;
}
