import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useOwnerList } from "~/hooks/use-owner-list";
import { formatTableDate } from "~/lib/format-date";
import type { OwnerListPage } from "~/lib/owner-list";
import { OwnerListPanel } from "./owner-list-panel";
import { type PublishStatus, PublishStatusBadge } from "./publish-status";

/** What a list of published content shows of a row whatever its kind. */
type PublishedListRow = { id: number | string; title: string; status: PublishStatus; publishDate: string | null };

/**
 * The owner's list of one kind of published content (episodes, insights): every row, newest first, searched by title,
 * with its status and publish date; a title opens the row's editor. The kind adds what sits beside the title, the line
 * under it and one column of its own.
 */
export function PublishedListPanel<Row extends PublishedListRow>({
  firstPage,
  apiPath,
  basePath,
  noun,
  plural,
  description,
  besideTitle,
  underTitle,
  column,
}: {
  firstPage: OwnerListPage<Row>;
  /** The owner API's list address. */
  apiPath: string;
  /** The owner's list page: a row's editor is `{basePath}/{id}`, a new one `{basePath}/new`. */
  basePath: string;
  /** "Episode": the button reads "New Episode". */
  noun: string;
  /** "Episodes": the title, the table's name and what the texts count. */
  plural: string;
  description: string;
  besideTitle?: (row: Row) => ReactNode;
  underTitle: (row: Row) => ReactNode;
  column: { label: string; cell: (row: Row) => ReactNode };
}) {
  const list = useOwnerList(firstPage, apiPath);
  const lowerPlural = plural.toLowerCase();
  return (
    <OwnerListPanel
      title={plural}
      description={description}
      list={list}
      archivable={false}
      search={{ label: `Search ${lowerPlural}`, placeholder: "Search by title" }}
      actions={
        <Button asChild>
          <Link to={`${basePath}/new`}>
            <Plus aria-hidden />
            New {noun}
          </Link>
        </Button>
      }
      loading={{ rows: 5, label: `Loading ${lowerPlural}` }}
      error={{ title: `Error Loading ${plural}`, description: `Failed to load ${lowerPlural}`, retryLabel: "Retry" }}
      emptyTitle={list.counts.total === 0 ? `No ${lowerPlural} yet` : `No ${lowerPlural} found matching the search`}
    >
      {(rows) => (
        <Table aria-label={plural}>
          <TableCaption>
            {list.counts.total} {lowerPlural} in total, {list.counts.matching} shown
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Publish Date</TableHead>
              <TableHead>{column.label}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={`${basePath}/${row.id}`} className="font-medium underline-offset-4 hover:underline">
                      {row.title}
                    </Link>
                    {besideTitle?.(row)}
                  </div>
                  <div className="text-muted-foreground text-xs">{underTitle(row)}</div>
                </TableCell>
                <TableCell>
                  <PublishStatusBadge status={row.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {row.publishDate ? formatTableDate(row.publishDate) : "-"}
                </TableCell>
                <TableCell>{column.cell(row)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </OwnerListPanel>
  );
}
