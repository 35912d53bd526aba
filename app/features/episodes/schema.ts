/** One podcast episode as `GET /api/podcast/episodes` serves it and the pages show it. */
export type PodcastEpisode = {
  id: number;
  guid: string;
  /** The episode page's address is `/podcast/{slug}`. */
  slug: string;
  title: string;
  description: string;
  /** The audio's media URL (episodeMediaUrl). */
  audioUrl: string;
  /** ISO 8601 timestamp. */
  publishDate: string;
  episodeNumber: number | null;
  episodeType: "full" | "trailer" | "bonus";
  /** Display length, e.g. "0:12" or "1:02:03"; null when unknown. */
  duration: string | null;
  durationSeconds: number | null;
  /** The episode's own artwork (JPEG or PNG); null when it uses the show's. */
  imageUrl: string | null;
  /** The first guest's name. */
  guestName: string | null;
  spotifyUrl: string | null;
  youtubeUrl: string | null;
};

export type PodcastEpisodesResponse = { success: true; data: PodcastEpisode[] };

/** The trailer card's episode, with the chapters the owner gave it ("In this episode"). */
export type FeaturedEpisode = PodcastEpisode & { chapters: { startSeconds: number; title: string }[] };

/** One line of the `/podcast` list. */
export type EpisodeListItem = {
  id: number;
  slug: string;
  title: string;
  description: string;
  publishDate: string;
  durationSeconds: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeType: PodcastEpisode["episodeType"];
  premium: boolean;
  /** Listed for a Basic or Premium member before its publish date (its early access). */
  earlyAccess: boolean;
};

export type EpisodeGuest = { name: string; role: string | null; link: string | null };

type EpisodeChapterLink = { startSeconds: number; title: string; url: string | null };

type EpisodeArtwork = { url: string; renditions: { url: string; width: number; height: number }[] };

export type EpisodeNeighbour = { slug: string; title: string };

/**
 * What the episode page shows. `audioUrl` is null when the visitor may not play the episode (premium), and so is
 * `transcript`; `publicAudioUrl`, which the head's tags (Open Graph, JSON-LD) name, is set only when anyone may play it.
 */
export type EpisodePageData = EpisodeListItem & {
  guid: string;
  showNotesHtml: string;
  audioUrl: string | null;
  publicAudioUrl: string | null;
  audioMimeType: string;
  explicit: boolean;
  artwork: EpisodeArtwork | null;
  chapters: EpisodeChapterLink[];
  guests: EpisodeGuest[];
  transcript: { start: number; text: string }[] | null;
  previous: EpisodeNeighbour | null;
  next: EpisodeNeighbour | null;
};

/** The one address shape of stored episode media; the key makes it unique, so it may be cached for a year. */
export function episodeMediaUrl(key: string): string {
  return `/media/${key}`;
}

/** The episode page's address. */
export function episodePagePath(slug: string): string {
  return `/podcast/${encodeURIComponent(slug)}`;
}

/** Episodes the `/podcast` list shows on one page. */
export const EPISODES_PER_PAGE = 20;

export { listPageNumber } from "~/lib/list-page-number";

/** Formats whole seconds as m:ss, or h:mm:ss from an hour up. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * Spec section 9's general date format (US English, numeric year, short month, numeric day), read in UTC so that the
 * server's HTML and the browser's render show the same day.
 */
const episodeDateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

export function formatEpisodeDate(isoDate: string): string {
  return episodeDateFormat.format(new Date(isoDate));
}
