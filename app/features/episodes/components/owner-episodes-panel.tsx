import { Lock, Plus } from "lucide-react";
import { Link } from "react-router";
import { PublishStatusBadge } from "~/components/editor-parts";
import { OwnerListPanel } from "~/components/owner-list-panel";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTableDate } from "~/lib/format-date";
import type { OwnerListPage } from "~/lib/owner-list";
import { useOwnerList } from "~/lib/use-owner-list";
import type { OwnerEpisodeRow } from "../editor-schema";
import { formatDuration } from "../schema";

/** "S2 · E7", "E7" or nothing: where the episode sits in the show. */
function placeOf(row: Pick<OwnerEpisodeRow, "seasonNumber" | "episodeNumber">) {
  return [row.seasonNumber ? `S${row.seasonNumber}` : null, row.episodeNumber ? `E${row.episodeNumber}` : null]
    .filter(Boolean)
    .join(" · ");
}

/** The owner's Episodes list: every episode, newest first, searched by title; a row opens its editor. */
export function OwnerEpisodesPanel({ firstPage }: { firstPage: OwnerListPage<OwnerEpisodeRow> }) {
  const list = useOwnerList(firstPage, "/api/admin/episodes");
  return (
    <OwnerListPanel
      title="Episodes"
      description="Every episode of the podcast: drafts, scheduled, published and unpublished."
      list={list}
      archivable={false}
      search={{ label: "Search episodes", placeholder: "Search by title" }}
      actions={
        <Button asChild>
          <Link to="/admin/episodes/new">
            <Plus aria-hidden />
            New Episode
          </Link>
        </Button>
      }
      loading={{ rows: 5, label: "Loading episodes" }}
      error={{ title: "Error Loading Episodes", description: "Failed to load episodes", retryLabel: "Retry" }}
      emptyTitle={list.counts.total === 0 ? "No episodes yet" : "No episodes found matching the search"}
    >
      {(rows) => (
        <Table aria-label="Episodes">
          <TableCaption>
            {list.counts.total} episodes in total, {list.counts.matching} shown
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Publish Date</TableHead>
              <TableHead>Duration</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((episode) => (
              <TableRow key={episode.id}>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`/admin/episodes/${episode.id}`}
                      className="font-medium underline-offset-4 hover:underline"
                    >
                      {episode.title}
                    </Link>
                    {episode.premium ? (
                      <Badge variant="secondary">
                        <Lock aria-hidden className="mr-1 size-3" />
                        Premium
                      </Badge>
                    ) : null}
                  </div>
                  <div className="text-muted-foreground text-xs">
                    {[placeOf(episode), episode.episodeType === "full" ? null : episode.episodeType]
                      .filter(Boolean)
                      .join(" · ")}
                  </div>
                </TableCell>
                <TableCell>
                  <PublishStatusBadge status={episode.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {episode.publishDate ? formatTableDate(episode.publishDate) : "-"}
                </TableCell>
                <TableCell>
                  {episode.durationSeconds === null ? "-" : formatDuration(episode.durationSeconds)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </OwnerListPanel>
  );
}
