import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { OwnerList } from "~/hooks/use-owner-list";
import { OwnerListPanel } from "./owner-list-panel";

type Row = { id: number; archived: boolean; name: string };

/** A list as the hook hands it to the panel, in the given state. */
function listIn(state: Partial<OwnerList<Row>>): OwnerList<Row> {
  return {
    view: { page: 1, archived: "exclude", q: "", sort: "newest" },
    rows: [],
    counts: { total: 0, matching: 0, archived: 0 },
    pageCount: 1,
    status: "ready",
    updating: false,
    searchText: "",
    showArchived: false,
    ...state,
  } as OwnerList<Row>;
}

const drawRows = (rows: Row[]) =>
  createElement(
    "ul",
    null,
    rows.map((row) => createElement("li", { key: row.id }, row.name)),
  );

/** Renders the panel inside a component of the test's own, so that its hooks run as in a page. */
const render = (list: OwnerList<Row>, extra: Partial<Parameters<typeof OwnerListPanel<Row>>[0]> = {}) =>
  renderToStaticMarkup(
    createElement(() =>
      OwnerListPanel<Row>({
        title: "Things",
        description: "Every thing.",
        list,
        loading: { rows: 5, label: "Loading things" },
        error: { title: "Error Loading Things", description: "Failed to load things", retryLabel: "Retry" },
        emptyTitle: "No things yet",
        children: drawRows,
        ...extra,
      }),
    ),
  );

describe("OwnerListPanel", () => {
  it("has the header: Show Archived and Refresh always, search and Export CSV where the list asks", () => {
    const plain = render(listIn({}));
    expect(plain).toContain("Show Archived");
    expect(plain).toContain("Refresh");
    expect(plain).not.toContain("Export CSV");
    expect(plain).not.toContain('type="search"');
    const full = render(listIn({ searchText: "ada" }), {
      search: { label: "Search things", placeholder: "Search by name" },
      exportUrl: "/api/things/export",
    });
    expect(full).toContain("Export CSV");
    expect(full).toMatch(/<input[^>]*type="search"[^>]*placeholder="Search by name"[^>]*value="ada"/);
  });

  it("shows the list's number of placeholder rows while loading", () => {
    const html = render(listIn({ status: "loading" }));
    expect(html).toContain('aria-label="Loading things"');
    expect(html.match(/data-testid="skeleton-row"/g)).toHaveLength(5);
  });

  it("shows the error card with its retry button after a failed load", () => {
    const html = render(listIn({ status: "error" }));
    expect(html).toContain('role="alert"');
    expect(html).toContain("Error Loading Things");
    expect(html).toContain("Failed to load things");
    expect(html).toMatch(/<button[^>]*>.*Retry<\/button>/);
  });

  it("shows the empty state when the view has no rows", () => {
    expect(render(listIn({}))).toContain("No things yet");
  });

  it("draws the rows, with Previous and Next when there is more than one page", () => {
    const rows = [{ id: 1, archived: false, name: "First thing" }];
    const one = render(listIn({ rows, counts: { total: 1, matching: 1, archived: 0 } }));
    expect(one).toContain("<li>First thing</li>");
    expect(one).not.toContain("Page 1 of");
    const many = render(
      listIn({
        rows,
        pageCount: 3,
        view: { page: 2, archived: "exclude" },
        counts: { total: 120, matching: 120, archived: 0 },
      }),
    );
    expect(many).toContain('aria-label="Things pages"');
    expect(many).toContain("<span>Page 2 of 3</span>");
    expect(many).toMatch(/<button[^>]*>.*Previous<\/button>/);
    expect(many).toMatch(/<button[^>]*>Next.*<\/button>/);
  });
});
