import { Lock } from "lucide-react";
import { PublishedListPanel } from "~/components/publishing/published-list-panel";
import { Badge } from "~/components/ui/badge";
import type { OwnerListPage } from "~/lib/owner-list";
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
  return (
    <PublishedListPanel
      firstPage={firstPage}
      apiPath="/api/admin/episodes"
      basePath="/admin/episodes"
      noun="Episode"
      plural="Episodes"
      description="Every episode of the podcast: drafts, scheduled, published and unpublished."
      besideTitle={(episode) =>
        episode.premium ? (
          <Badge variant="secondary">
            <Lock aria-hidden className="mr-1 size-3" />
            Premium
          </Badge>
        ) : null
      }
      underTitle={(episode) =>
        [placeOf(episode), episode.episodeType === "full" ? null : episode.episodeType].filter(Boolean).join(" · ")
      }
      column={{
        label: "Duration",
        cell: (episode) => (episode.durationSeconds === null ? "-" : formatDuration(episode.durationSeconds)),
      }}
    />
  );
}
