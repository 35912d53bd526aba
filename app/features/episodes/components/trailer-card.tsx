import { CalendarDays, Clock } from "lucide-react";
import { Link } from "react-router";
import { isoDuration } from "~/lib/structured-data";
import { episodePagePath, type FeaturedEpisode, formatDuration, formatEpisodeDate } from "../schema";

/** The first episode of the list, its chapters, and a player that loads nothing until it is played. */
export function TrailerCard({ episode, headingLevel = 3 }: { episode: FeaturedEpisode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      aria-labelledby={`episode-${episode.id}-title`}
      className="space-y-4 rounded-xl border border-border bg-card p-6 text-card-foreground"
    >
      <p className="font-medium text-primary text-sm uppercase tracking-widest">
        {episode.episodeType === "trailer" ? "Trailer" : "Latest Episode"}
      </p>
      <Heading id={`episode-${episode.id}-title`} className="font-semibold text-2xl">
        <Link to={episodePagePath(episode.slug)} className="underline-offset-4 hover:underline">
          {episode.title}
        </Link>
      </Heading>
      <p className="text-muted-foreground leading-relaxed">{episode.description}</p>
      {episode.chapters.length > 0 && (
        <div className="space-y-2 text-sm">
          <p className="font-medium">In this episode</p>
          <ol className="space-y-1 text-muted-foreground">
            {episode.chapters.map((chapter) => (
              <li key={chapter.startSeconds} className="flex gap-3">
                <time dateTime={isoDuration(chapter.startSeconds)} className="tabular-nums">
                  {formatDuration(chapter.startSeconds)}
                </time>
                <span>{chapter.title}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: an audio player has no video to caption */}
      <audio controls preload="none" src={episode.audioUrl} className="w-full" aria-label={`Play ${episode.title}`} />
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-muted-foreground text-sm">
        {episode.duration && (
          <div className="flex items-center gap-2">
            <dt>
              <Clock aria-hidden="true" className="size-4" />
              <span className="sr-only">Duration</span>
            </dt>
            <dd>{episode.duration}</dd>
          </div>
        )}
        <div className="flex items-center gap-2">
          <dt>
            <CalendarDays aria-hidden="true" className="size-4" />
            <span className="sr-only">Published</span>
          </dt>
          <dd>
            <time dateTime={episode.publishDate}>{formatEpisodeDate(episode.publishDate)}</time>
          </dd>
        </div>
      </dl>
    </article>
  );
}

/** Shown instead of the trailer card while no episode is published. */
export function FirstEpisodeComingSoon({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby="first-episode-coming-soon"
      className="rounded-xl border border-border border-dashed bg-card p-8 text-center"
    >
      <Heading id="first-episode-coming-soon" className="font-semibold text-2xl">
        First Episode Coming Soon
      </Heading>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
        We're recording the first conversations now. Join the launch list or subscribe to The Briefing to hear the
        moment it goes live.
      </p>
    </section>
  );
}
