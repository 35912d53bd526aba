import { Clock, Play } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { LiveButton } from "~/components/ui/live-button";
import { formatEpisodeDate, type PremiumEpisode } from "../schema";

export function PremiumEpisodeList({ episodes }: { episodes: PremiumEpisode[] }) {
  const [playingId, setPlayingId] = useState<string | null>(null);
  return (
    <ul className="grid gap-4">
      {episodes.map((episode) => (
        <li key={episode.id} className="rounded-xl border border-border bg-card p-6">
          <article aria-labelledby={`episode-${episode.id}`} className="flex flex-col gap-3">
            <h3 id={`episode-${episode.id}`} className="font-semibold text-xl">
              {episode.title}
            </h3>
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
              <span className="inline-flex items-center gap-1">
                <Clock className="size-4" aria-hidden="true" />
                {episode.durationMinutes} min
              </span>
              <time dateTime={episode.publishedOn}>{formatEpisodeDate(episode.publishedOn)}</time>
            </p>
            <p className="text-muted-foreground">{episode.description}</p>
            {playingId === episode.id ? (
              <EpisodePlayer episode={episode} />
            ) : (
              <LiveButton
                className="self-start"
                onClick={() => setPlayingId(episode.id)}
                aria-describedby={`episode-${episode.id}`}
              >
                <Play aria-hidden="true" />
                Listen Now
              </LiveButton>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}

/** Replaces the episode's Listen Now button and starts playing, since that click asked for it. */
function EpisodePlayer({ episode }: { episode: PremiumEpisode }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    audioRef.current?.focus();
    // Browsers may refuse to start playback; the player's own controls are then there to press.
    audioRef.current?.play().catch(() => {});
  }, []);
  return (
    // biome-ignore lint/a11y/useMediaCaption: sample premium audio has no transcript yet
    <audio
      ref={audioRef}
      controls
      preload="none"
      src={episode.audioUrl}
      className="w-full"
      aria-label={`Play ${episode.title}`}
    />
  );
}
