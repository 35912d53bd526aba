import { Plus } from "lucide-react";
import { Link } from "react-router";
import { PublishStatusBadge } from "~/components/editor-parts";
import { OwnerListPanel } from "~/components/owner-list-panel";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTableDate } from "~/lib/format-date";
import type { OwnerListPage } from "~/lib/owner-list";
import { useOwnerList } from "~/lib/use-owner-list";
import type { OwnerInsightRow } from "../editor-schema";

/** The owner's Insights list: every post, newest first, searched by title; a row opens its editor. */
export function OwnerInsightsPanel({ firstPage }: { firstPage: OwnerListPage<OwnerInsightRow> }) {
  const list = useOwnerList(firstPage, "/api/admin/insights");
  return (
    <OwnerListPanel
      title="Insights"
      description="Every insight post: drafts, scheduled, published and unpublished."
      list={list}
      archivable={false}
      search={{ label: "Search insights", placeholder: "Search by title" }}
      actions={
        <Button asChild>
          <Link to="/admin/insights/new">
            <Plus aria-hidden />
            New Insight
          </Link>
        </Button>
      }
      loading={{ rows: 5, label: "Loading insights" }}
      error={{ title: "Error Loading Insights", description: "Failed to load insights", retryLabel: "Retry" }}
      emptyTitle={list.counts.total === 0 ? "No insights yet" : "No insights found matching the search"}
    >
      {(rows) => (
        <Table aria-label="Insights">
          <TableCaption>
            {list.counts.total} insights in total, {list.counts.matching} shown
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Publish Date</TableHead>
              <TableHead>Category</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((post) => (
              <TableRow key={post.id}>
                <TableCell>
                  <Link to={`/admin/insights/${post.id}`} className="font-medium underline-offset-4 hover:underline">
                    {post.title}
                  </Link>
                  <div className="text-muted-foreground text-xs">/insights/{post.slug}</div>
                </TableCell>
                <TableCell>
                  <PublishStatusBadge status={post.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {post.publishDate ? formatTableDate(post.publishDate) : "-"}
                </TableCell>
                <TableCell>{post.category}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </OwnerListPanel>
  );
}
