import { CalendarDays, Clock, Lock } from "lucide-react";
import { type MouseEvent, useRef } from "react";
import { Link } from "react-router";
import { isoDuration } from "~/lib/structured-data";
import { type EpisodePageData, episodePagePath, formatDuration, formatEpisodeDate } from "../schema";
import { episodeNumbering } from "./episode-list";

const ARTWORK_DISPLAY_SIZE_PX = 192;

const showNotesStyles =
  "leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-primary [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_h2]:mt-6 [&_h2]:font-semibold [&_h2]:text-xl [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

function ShareLinks({ title, pageUrl }: { title: string; pageUrl: string }) {
  const text = encodeURIComponent(title);
  const url = encodeURIComponent(pageUrl);
  const links = [
    { name: "X (Twitter)", href: `https://x.com/intent/post?text=${text}&url=${url}` },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { name: "Email", href: `mailto:?subject=${text}&body=${url}` },
  ];
  return (
    <section aria-labelledby="share-heading" className="space-y-2">
      <h2 id="share-heading" className="font-semibold text-xl">
        Share this episode
      </h2>
      <ul className="flex flex-wrap gap-4">
        {links.map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target={link.href.startsWith("mailto:") ? undefined : "_blank"}
              rel="noopener noreferrer"
              className="text-primary underline-offset-4 hover:underline"
            >
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One episode's page. Chapter links point at the audio with a `#t=` media fragment, so that without scripts the
 * browser opens the audio at that time; with scripts, a click seeks the page's player and plays it.
 */
export function EpisodeDetails({ episode, pageUrl }: { episode: EpisodePageData; pageUrl: string }) {
  const player = useRef<HTMLAudioElement>(null);
  const numbering = episodeNumbering(episode);
  const seek = (event: MouseEvent<HTMLAnchorElement>, seconds: number) => {
    const audio = player.current;
    if (!audio) return;
    event.preventDefault();
    audio.currentTime = seconds;
    void audio.play().catch(() => undefined);
  };
  const largest = episode.artwork?.renditions.at(-1);
  return (
    <article aria-labelledby="episode-title" className="mx-auto max-w-3xl space-y-10">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-start">
        {episode.artwork && largest && (
          <img
            src={largest.url}
            srcSet={episode.artwork.renditions.map((rendition) => `${rendition.url} ${rendition.width}w`).join(", ")}
            sizes={`${ARTWORK_DISPLAY_SIZE_PX}px`}
            width={ARTWORK_DISPLAY_SIZE_PX}
            height={ARTWORK_DISPLAY_SIZE_PX}
            alt={`${episode.title} artwork`}
            className="shrink-0 rounded-xl border border-border"
          />
        )}
        <div className="space-y-3">
          <p className="text-sm">
            <Link to="/podcast" className="text-primary underline-offset-4 hover:underline">
              The Podcast
            </Link>
          </p>
          {numbering && <p className="font-medium text-primary text-sm uppercase tracking-widest">{numbering}</p>}
          {episode.earlyAccess && (
            <p className="w-fit rounded-full bg-secondary px-3 py-1 font-medium text-primary text-sm">
              Early access for members: public on {formatEpisodeDate(episode.publishDate)}
            </p>
          )}
          <h1 id="episode-title" className="font-bold text-4xl tracking-tight">
            {episode.title}
          </h1>
          <dl className="flex flex-wrap gap-x-6 gap-y-2 text-muted-foreground text-sm">
            <div className="flex items-center gap-2">
              <dt>
                <CalendarDays aria-hidden="true" className="size-4" />
                <span className="sr-only">Published</span>
              </dt>
              <dd>
                <time dateTime={episode.publishDate}>{formatEpisodeDate(episode.publishDate)}</time>
              </dd>
            </div>
            {episode.durationSeconds !== null && (
              <div className="flex items-center gap-2">
                <dt>
                  <Clock aria-hidden="true" className="size-4" />
                  <span className="sr-only">Duration</span>
                </dt>
                <dd>
                  <time dateTime={isoDuration(episode.durationSeconds)}>{formatDuration(episode.durationSeconds)}</time>
                </dd>
              </div>
            )}
            {episode.explicit && (
              <div>
                <dt className="sr-only">Rating</dt>
                <dd>Explicit</dd>
              </div>
            )}
          </dl>
          <p className="text-lg text-muted-foreground leading-relaxed">{episode.description}</p>
        </div>
      </header>

      {episode.audioUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript is on the page below
        <audio
          ref={player}
          controls
          preload="none"
          src={episode.audioUrl}
          className="w-full"
          aria-label={`Play ${episode.title}`}
        />
      ) : (
        <section aria-labelledby="premium-heading" className="rounded-xl border border-border bg-card p-6">
          <h2 id="premium-heading" className="flex items-center gap-2 font-semibold text-xl">
            <Lock aria-hidden="true" className="size-5 text-primary" />
            Premium episode
          </h2>
          <p className="mt-2 text-muted-foreground">This episode is for premium members.</p>
          <Link to="/members/upgrade" className="mt-4 inline-block text-primary underline-offset-4 hover:underline">
            Upgrade to listen
          </Link>
        </section>
      )}

      {episode.chapters.length > 0 && (
        <section aria-labelledby="chapters-heading" className="space-y-3">
          <h2 id="chapters-heading" className="font-semibold text-2xl">
            Chapters
          </h2>
          <ol className="space-y-2">
            {episode.chapters.map((chapter) => (
              <li key={chapter.startSeconds} className="flex flex-wrap gap-3">
                <time dateTime={isoDuration(chapter.startSeconds)} className="text-muted-foreground tabular-nums">
                  {formatDuration(chapter.startSeconds)}
                </time>
                {episode.audioUrl ? (
                  <a
                    href={`${episode.audioUrl}#t=${chapter.startSeconds}`}
                    onClick={(event) => seek(event, chapter.startSeconds)}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {chapter.title}
                  </a>
                ) : (
                  <span>{chapter.title}</span>
                )}
                {chapter.url && (
                  <a
                    href={chapter.url}
                    rel="noopener noreferrer nofollow"
                    className="text-muted-foreground text-sm underline"
                  >
                    Link<span className="sr-only"> for {chapter.title}</span>
                  </a>
                )}
              </li>
            ))}
          </ol>
        </section>
      )}

      {episode.guests.length > 0 && (
        <section aria-labelledby="guests-heading" className="space-y-3">
          <h2 id="guests-heading" className="font-semibold text-2xl">
            {episode.guests.length === 1 ? "Guest" : "Guests"}
          </h2>
          <ul className="space-y-1">
            {episode.guests.map((guest) => (
              <li key={`${guest.name}-${guest.link}`}>
                {guest.link ? (
                  <a
                    href={guest.link}
                    rel="noopener noreferrer nofollow"
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {guest.name}
                  </a>
                ) : (
                  <span>{guest.name}</span>
                )}
                {guest.role && <span className="text-muted-foreground">, {guest.role}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      {episode.showNotesHtml && (
        <section aria-labelledby="notes-heading" className="space-y-3">
          <h2 id="notes-heading" className="font-semibold text-2xl">
            Show notes
          </h2>
          <div
            className={showNotesStyles}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: show notes are allow-list-sanitised when saved and when read
            dangerouslySetInnerHTML={{ __html: episode.showNotesHtml }}
          />
        </section>
      )}

      {episode.transcript && (
        <section aria-labelledby="transcript-heading" className="space-y-3">
          <h2 id="transcript-heading" className="font-semibold text-2xl">
            Transcript
          </h2>
          <div className="space-y-2 leading-relaxed">
            {episode.transcript.map((cue) => (
              <p key={`${cue.start}-${cue.text}`}>
                <time dateTime={isoDuration(Math.floor(cue.start))} className="mr-3 text-muted-foreground tabular-nums">
                  {formatDuration(cue.start)}
                </time>
                {cue.text}
              </p>
            ))}
          </div>
        </section>
      )}

      <ShareLinks title={episode.title} pageUrl={pageUrl} />

      {(episode.previous || episode.next) && (
        <nav aria-label="More episodes" className="flex flex-wrap justify-between gap-4 border-border border-t pt-6">
          {episode.previous ? (
            <Link to={episodePagePath(episode.previous.slug)} rel="prev" className="text-primary hover:underline">
              Previous episode: {episode.previous.title}
            </Link>
          ) : (
            <span />
          )}
          {episode.next ? (
            <Link to={episodePagePath(episode.next.slug)} rel="next" className="text-primary hover:underline">
              Next episode: {episode.next.title}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </article>
  );
}
