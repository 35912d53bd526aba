import { useEffect } from "react";
import { cn } from "~/lib/utils";
import { type ConfessionStory, VIDEO_ANCHOR_SCROLL_DELAY_MS } from "../schema";
import { StoryDialog } from "./story-dialog";
import { StoryVideo } from "./story-video";

const storyElementId = (id: number) => `story-${id}`;

/** Brings the story named by `?video=` into view, 500 ms after the page opens. */
function useScrollToStory(storyId: number | null) {
  useEffect(() => {
    if (storyId === null) return;
    const timer = window.setTimeout(() => {
      const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      document
        .getElementById(storyElementId(storyId))
        ?.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "center" });
    }, VIDEO_ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [storyId]);
}

export function StoryGrid({
  stories,
  highlightedStoryId,
}: {
  stories: ReadonlyArray<ConfessionStory>;
  highlightedStoryId: number | null;
}) {
  useScrollToStory(highlightedStoryId);
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {stories.map((story) => {
        const highlighted = story.id === highlightedStoryId;
        return (
          <li key={story.id}>
            <article
              id={storyElementId(story.id)}
              aria-labelledby={`${storyElementId(story.id)}-title`}
              data-highlighted={highlighted ? "true" : undefined}
              className={cn(
                "flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card",
                highlighted && "shadow-lg shadow-primary/20 ring-2 ring-primary",
              )}
            >
              <StoryVideo story={story} />
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h3
                  id={`${storyElementId(story.id)}-title`}
                  className="font-semibold text-lg leading-snug max-md:sr-only"
                >
                  {story.title}
                </h3>
                {/* On narrow screens the video's overlay shows the title and description instead. */}
                <p className="text-muted-foreground text-sm max-md:sr-only">{story.description}</p>
                <div className="mt-auto">
                  <StoryDialog story={story} />
                </div>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
