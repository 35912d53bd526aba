import { type RefObject, type SyntheticEvent, useEffect, useRef, useState } from "react";
import type { ConfessionStory } from "../schema";
import { VIDEO_START_POSITION_SECONDS } from "../schema";

function startPastFirstSecond(video: HTMLVideoElement) {
  if (video.duration > VIDEO_START_POSITION_SECONDS) video.currentTime = VIDEO_START_POSITION_SECONDS;
}

/** How far outside the view a story's poster starts loading, so that it is there when the story scrolls in. */
const POSTER_LOAD_MARGIN = "300px";

/** Whether the element is, or has been, within POSTER_LOAD_MARGIN of the view. */
function useNearView(ref: RefObject<Element | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: POSTER_LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}

/**
 * A story's video. Nothing is downloaded until the visitor plays it (preload none), and its poster only once the
 * story comes near the view: a video's poster, unlike an image, cannot be lazy by itself, and eleven of them would
 * compete with the top of the page for the network. On narrow screens the story's title and description cover the
 * video until it plays, and come back when it is paused or ends.
 */
export function StoryVideo({ story }: { story: ConfessionStory }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const nearView = useNearView(videoRef);

  // Metadata that arrived before hydration raised its event before React listened for it.
  useEffect(() => {
    const video = videoRef.current;
    if (video && video.readyState >= HTMLMediaElement.HAVE_METADATA) startPastFirstSecond(video);
  }, []);

  return (
    <div className="relative aspect-video overflow-hidden bg-black">
      {/* biome-ignore lint/a11y/useMediaCaption: a video the owner uploaded has no captions file yet */}
      <video
        ref={videoRef}
        src={story.videoFile ?? undefined}
        poster={nearView ? (story.posterFile ?? undefined) : undefined}
        preload="none"
        controls
        playsInline
        width={480}
        height={270}
        aria-label={`Video: ${story.title}`}
        className="size-full object-cover"
        onLoadedMetadata={(event: SyntheticEvent<HTMLVideoElement>) => startPastFirstSecond(event.currentTarget)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      >
        {/* The built-in captions belong to the built-in video, so an uploaded video drops them. */}
        {story.captionsFile ? <track kind="captions" src={story.captionsFile} srcLang="en" label="English" /> : null}
      </video>
      {!playing && (
        <div
          aria-hidden="true"
          data-testid="story-overlay"
          className="pointer-events-none absolute inset-x-0 top-0 bg-gradient-to-b from-black/90 via-black/70 to-transparent p-4 pb-10 md:hidden"
        >
          <p className="font-semibold text-white">{story.title}</p>
          <p className="mt-1 text-sm text-white/90">{story.description}</p>
        </div>
      )}
    </div>
  );
}
