/** A host story as the About page draws it (spec section 3): paragraphs of fullStory are separated by a blank line. */
export type ConfessionStory = {
  id: number;
  title: string;
  description: string;
  /** The video's URL: an uploaded one under /media/, or a built-in one under /attached_assets/. */
  videoFile: string | null;
  /** Still image shown before the video is played. */
  posterFile: string | null;
  /** WebVTT captions of the video; only the built-in videos have them. */
  captionsFile: string | null;
  fullStory: string;
};

export function storyParagraphs(fullStory: string): string[] {
  return fullStory
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** The about page's `?video={id}` parameter: the id of an existing story, or null for anything else. */
export function parseHighlightedStoryId(value: string | null, stories: ReadonlyArray<ConfessionStory>): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return stories.some((story) => story.id === id) ? id : null;
}

/** Spec section 9: the about page scrolls to the story named by `?video=` 500 ms after opening. */
export const VIDEO_ANCHOR_SCROLL_DELAY_MS = 500;

/** Spec: a loaded video longer than this starts from this position, skipping its first frames. */
export const VIDEO_START_POSITION_SECONDS = 1;
