import { Lock } from "lucide-react";
import { Link } from "react-router";
import { ListPages } from "~/components/list-pages";
import { type EpisodeListItem, episodePagePath, formatDuration, formatEpisodeDate } from "../schema";

/** "Season 1 · Episode 2", "Trailer" or "Bonus": how an episode is numbered, or null when it is not. */
export function episodeNumbering(episode: Pick<EpisodeListItem, "seasonNumber" | "episodeNumber" | "episodeType">) {
  const parts = [
    episode.seasonNumber !== null && `Season ${episode.seasonNumber}`,
    episode.episodeNumber !== null && `Episode ${episode.episodeNumber}`,
    episode.episodeType !== "full" && (episode.episodeType === "trailer" ? "Trailer" : "Bonus"),
  ].filter(Boolean);
  return parts.length === 0 ? null : parts.join(" · ");
}

/** The public episodes, newest first; premium ones carry a lock. */
export function EpisodeList({
  episodes,
  page,
  hasPrevious,
  hasNext,
}: {
  episodes: EpisodeListItem[];
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
}) {
  return (
    <div className="space-y-6">
      {episodes.length === 0 ? (
        <p className="text-muted-foreground">No more episodes yet.</p>
      ) : (
        <ol className="space-y-4">
          {episodes.map((episode) => {
            const numbering = episodeNumbering(episode);
            return (
              <li key={episode.id} className="rounded-xl border border-border bg-card p-5">
                <article aria-labelledby={`episode-item-${episode.id}`} className="space-y-2">
                  {numbering && <p className="text-muted-foreground text-sm">{numbering}</p>}
                  <h3 id={`episode-item-${episode.id}`} className="font-semibold text-xl">
                    <Link to={episodePagePath(episode.slug)} className="underline-offset-4 hover:underline">
                      {episode.title}
                    </Link>
                  </h3>
                  <p className="line-clamp-3 text-muted-foreground">{episode.description}</p>
                  <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
                    <time dateTime={episode.publishDate}>{formatEpisodeDate(episode.publishDate)}</time>
                    {episode.durationSeconds !== null && <span>{formatDuration(episode.durationSeconds)}</span>}
                    {episode.premium && (
                      <span className="inline-flex items-center gap-1 font-medium text-primary">
                        <Lock aria-hidden="true" className="size-4" />
                        Premium
                      </span>
                    )}
                    {episode.earlyAccess && <span className="font-medium text-primary">Early access for members</span>}
                  </p>
                </article>
              </li>
            );
          })}
        </ol>
      )}
      <ListPages
        path="/podcast"
        label="Episode pages"
        newer="Newer episodes"
        older="Older episodes"
        page={page}
        hasPrevious={hasPrevious}
        hasNext={hasNext}
      />
    </div>
  );
}
