import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";

export type ListStatus = "ready" | "loading" | "error";

/**
 * A list that arrives with the page (its loader) and can be fetched again from the spec's GET endpoint, which shows
 * the loading and error states; `revalidate` reloads the page's loaders after a change, without a loading state.
 */
export function useRefetchableList<Item>(loaderList: Item[], url: string) {
  const revalidator = useRevalidator();
  const [fetched, setFetched] = useState<{ basis: Item[]; list: Item[] } | null>(null);
  const [status, setStatus] = useState<ListStatus>("ready");
  // A fetched list stands only until the loader's data changes (a revalidation after a change is newer).
  const list = fetched && fetched.basis === loaderList ? fetched.list : loaderList;

  const refetch = useCallback(async (): Promise<boolean> => {
    setStatus("loading");
    try {
      const response = await fetch(url, { credentials: "include", headers: { Accept: "application/json" } });
      const body = (await response.json()) as { success?: boolean; data?: unknown };
      if (!response.ok || !body.success || !Array.isArray(body.data)) throw new Error(`${response.status}`);
      setFetched({ basis: loaderList, list: body.data as Item[] });
      setStatus("ready");
      return true;
    } catch {
      setStatus("error");
      return false;
    }
  }, [url, loaderList]);

  const { revalidate } = revalidator;
  return { list, status, refetch, revalidate };
}
