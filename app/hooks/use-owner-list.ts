import { useCallback, useEffect, useRef, useState } from "react";
import { DEFAULT_SORT, type OwnerListCounts, type OwnerListView, ownerListSearchParams } from "~/lib/owner-list";

type OwnerListStatus = "ready" | "loading" | "error";

/** What a list answer carries: the spec's `data`, and the page and counts the server adds to it. */
type ListReply<Row> = { data: Row[]; counts: OwnerListCounts; pageCount: number; [extra: string]: unknown };

/** Typing pauses this long before a search goes to the server, so one word is one request. */
const SEARCH_DELAY_MS = 250;

type Loaded<Row> = { view: OwnerListView; reply: ListReply<Row> };

/**
 * An owner list that arrives with the page (its loader's first page) and reads every other view from the spec's GET
 * endpoint: a page, Show Archived, a search, an order. `refresh` shows the loading state (Refresh, Retry); a change of
 * view or `reload` after an action keep the rows on screen until the answer comes. Only the latest request counts.
 */
export function useOwnerList<Row extends object>(
  firstPage: ListReply<Row>,
  url: string,
  initialView: Partial<OwnerListView> = {},
) {
  const [loaded, setLoaded] = useState<Loaded<Row>>(() => ({
    view: { page: 1, archived: "exclude", q: "", sort: DEFAULT_SORT, ...initialView },
    reply: firstPage,
  }));
  const [view, setViewState] = useState<OwnerListView>(loaded.view);
  // An action's reload runs after its call's round trip, from a closure made when it was clicked: it must ask for the
  // view shown by then (a search may have been applied meanwhile), not the one of its click.
  const currentView = useRef(view);
  const setView = useCallback((next: OwnerListView) => {
    currentView.current = next;
    setViewState(next);
  }, []);
  const [status, setStatus] = useState<OwnerListStatus>("ready");
  const [updating, setUpdating] = useState(false);
  const latest = useRef(0);

  // A revalidated loader (after a navigation) is newer than what was fetched.
  const [basis, setBasis] = useState(firstPage);
  if (basis !== firstPage) {
    setBasis(firstPage);
    setLoaded((current) => ({ view: current.view, reply: firstPage }));
  }

  const load = useCallback(
    async (next: OwnerListView, mode: "loading" | "updating"): Promise<boolean> => {
      const request = ++latest.current;
      if (mode === "loading") setStatus("loading");
      else setUpdating(true);
      try {
        const response = await fetch(`${url}${ownerListSearchParams(next)}`, {
          credentials: "include",
          headers: { Accept: "application/json" },
        });
        const body = (await response.json()) as { success?: boolean; data?: unknown; counts?: unknown };
        if (!response.ok || !body.success || !Array.isArray(body.data) || !body.counts)
          throw new Error(`${response.status}`);
        if (request !== latest.current) return false;
        const reply = body as ListReply<Row>;
        // A page past the end (its last rows deleted or archived meanwhile) shows the last page instead.
        if (reply.data.length === 0 && next.page > reply.pageCount) {
          const last = { ...next, page: reply.pageCount };
          setView(last);
          return load(last, mode);
        }
        setLoaded({ view: next, reply });
        setStatus("ready");
        return true;
      } catch {
        if (request !== latest.current) return false;
        setStatus("error");
        return false;
      } finally {
        if (request === latest.current) setUpdating(false);
      }
    },
    [url, setView],
  );

  const refresh = useCallback(() => load(currentView.current, "loading"), [load]);
  const reload = useCallback(() => load(currentView.current, "updating"), [load]);

  /**
   * Changes the view; the server is asked only when its answer could differ from the rows already here: not for Show
   * Archived when no archived row matches.
   */
  const changeView = useCallback(
    (patch: Partial<OwnerListView>) => {
      const next = { ...currentView.current, ...patch };
      setView(next);
      const onlyArchivedChanges =
        next.page === loaded.view.page &&
        next.q === loaded.view.q &&
        next.sort === loaded.view.sort &&
        next.status === loaded.view.status;
      if (onlyArchivedChanges && loaded.reply.counts.archived === 0) {
        setLoaded((current) => ({ ...current, view: next }));
        return;
      }
      void load(next, "updating");
    },
    [loaded, load, setView],
  );

  // The search box updates at once; the list follows when typing pauses.
  const [searchText, setSearchText] = useState(view.q ?? "");
  const changeViewRef = useRef(changeView);
  changeViewRef.current = changeView;
  const viewSearch = view.q ?? "";
  useEffect(() => {
    if (searchText.trim() === viewSearch.trim()) return;
    const timer = setTimeout(() => changeViewRef.current({ q: searchText, page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, viewSearch]);

  return {
    view,
    rows: loaded.reply.data,
    counts: loaded.reply.counts,
    pageCount: loaded.reply.pageCount,
    reply: loaded.reply,
    status,
    updating,
    refresh,
    reload,
    changeView,
    searchText,
    setSearchText,
    showArchived: view.archived === "include",
    setShowArchived: (on: boolean) => changeView({ archived: on ? "include" : "exclude", page: 1 }),
    goToPage: (page: number) => changeView({ page }),
  };
}

export type OwnerList<Row extends object> = ReturnType<typeof useOwnerList<Row>>;
