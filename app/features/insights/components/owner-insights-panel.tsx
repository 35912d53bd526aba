import { PublishedListPanel } from "~/components/publishing/published-list-panel";
import type { OwnerListPage } from "~/lib/owner-list";
import type { OwnerInsightRow } from "../editor-schema";

/** The owner's Insights list: every post, newest first, searched by title; a row opens its editor. */
export function OwnerInsightsPanel({ firstPage }: { firstPage: OwnerListPage<OwnerInsightRow> }) {
  return (
    <PublishedListPanel
      firstPage={firstPage}
      apiPath="/api/admin/insights"
      basePath="/admin/insights"
      noun="Insight"
      plural="Insights"
      description="Every insight post: drafts, scheduled, published and unpublished."
      underTitle={(post) => `/insights/${post.slug}`}
      column={{ label: "Category", cell: (post) => post.category }}
    />
  );
}
