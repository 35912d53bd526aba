import { describe, expect, it } from "vitest";
import { listPageOf, ownerListSearchParams, pageCountOf } from "./owner-list";
import { shownOf } from "./use-owner-list";

describe("ownerListSearchParams", () => {
  it("leaves the default view as the spec's bare path, so its first page is the spec's call", () => {
    expect(ownerListSearchParams({ page: 1, archived: "exclude", q: "  ", sort: "newest" })).toBe("");
  });

  it("names only what differs from the default, the search trimmed", () => {
    expect(ownerListSearchParams({ page: 3, archived: "include", q: " Ada ", sort: "email", status: "approved" })).toBe(
      "?q=Ada&archived=include&status=approved&sort=email&page=3",
    );
  });
});

describe("list pages", () => {
  it("count at least one page, 50 rows a page", () => {
    expect([0, 1, 50, 51, 47_500].map((matching) => pageCountOf(matching))).toEqual([1, 1, 1, 2, 950]);
  });

  it("keep the spec's success, message and data, with the page and counts added", () => {
    expect(listPageOf([{ id: 1 }], { total: 120, matching: 60, archived: 2 }, 2, "subscribers")).toEqual({
      success: true,
      message: "60 subscribers",
      data: [{ id: 1 }],
      page: 2,
      pageSize: 50,
      pageCount: 2,
      counts: { total: 120, matching: 60, archived: 2 },
    });
  });
});

describe("the rows a list shows", () => {
  const rows = [
    { id: 1, archived: false, status: "submitted" },
    { id: 2, archived: true, status: "submitted" },
    { id: 3, archived: false, status: "approved" },
  ];
  const view = { page: 1, archived: "exclude" as const };

  it("are a counted page's rows as the server sent them", () => {
    const counts = { total: 900, matching: 900, archived: 4 };
    expect(shownOf({ view, reply: { data: rows, counts, pageCount: 18 } }, view)).toEqual({
      rows,
      counts,
      pageCount: 18,
    });
  });

  it("are filtered here when the reply is a whole list in the spec's shape (no counts)", () => {
    const whole = { view, reply: { data: rows } };
    expect(shownOf(whole, view)).toEqual({
      rows: [rows[0], rows[2]],
      counts: { total: 2, matching: 2, archived: 1 },
      pageCount: 1,
    });
    expect(shownOf(whole, { ...view, archived: "include" }).rows).toEqual(rows);
    expect(shownOf(whole, { ...view, status: "approved" }).rows).toEqual([rows[2]]);
  });
});
