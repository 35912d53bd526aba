import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { PublishStatus } from "./publish-status";
import { PublishedListPanel } from "./published-list-panel";

type Row = { id: number; title: string; status: PublishStatus; publishDate: string | null; slug: string };

const pageOf = (rows: Row[], total = rows.length) => ({
  success: true as const,
  message: "Rows retrieved successfully",
  data: rows,
  page: 1,
  pageSize: 25,
  pageCount: 1,
  counts: { total, matching: rows.length, archived: 0 },
});

const render = (rows: Row[], total?: number) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(PublishedListPanel<Row>, {
        firstPage: pageOf(rows, total),
        apiPath: "/api/admin/insights",
        basePath: "/admin/insights",
        noun: "Insight",
        plural: "Insights",
        description: "Every insight post.",
        besideTitle: (row) => (row.id === 2 ? createElement("em", null, "beside") : null),
        underTitle: (row) => `/insights/${row.slug}`,
        column: { label: "Category", cell: (row) => `category of ${row.id}` },
      }),
    ),
  );

describe("PublishedListPanel", () => {
  it("lists each row with its editor link, status, date and the kind's own parts", () => {
    const html = render([
      { id: 1, title: "First", status: "draft", publishDate: null, slug: "first" },
      { id: 2, title: "Second", status: "published", publishDate: "2026-01-05T09:00:00.000Z", slug: "second" },
    ]);
    expect(html).toContain("Every insight post.");
    expect(html).toMatch(/href="\/admin\/insights\/new"[^>]*>.*New Insight<\/a>/);
    expect(html).toContain('aria-label="Insights"');
    expect(html).toContain("2 insights in total, 2 shown");
    expect(html).toMatch(/<th[^>]*>Category<\/th>/);
    expect(html).toMatch(
      /href="\/admin\/insights\/1"[^>]*>First<\/a><\/div><div class="text-muted-foreground text-xs">\/insights\/first</,
    );
    expect(html).toMatch(/>Second<\/a><em>beside<\/em>/);
    expect(html).toContain(">Draft<");
    expect(html).toContain(">Published<");
    expect(html).toMatch(/<td[^>]*>-<\/td>/);
    expect(html).toContain("category of 2");
  });

  it("says there are none yet, or none matching a search", () => {
    expect(render([])).toContain("No insights yet");
    expect(render([], 3)).toContain("No insights found matching the search");
  });
});
