import { describe, expect, it } from "vitest";
import { listPageOf, ownerListSearchParams, pageCountOf } from "./owner-list";

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
