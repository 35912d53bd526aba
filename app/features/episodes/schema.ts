/** One podcast episode as `GET /api/podcast/episodes` serves it and the pages show it. */
export type PodcastEpisode = {
  id: number;
  guid: string;
  title: string;
  description: string;
  audioUrl: string;
  /** ISO 8601 timestamp. */
  publishDate: string;
  episodeNumber: number | null;
  episodeType: "full" | "trailer" | "bonus";
  /** Display length, e.g. "0:12" or "1:02:03"; null when unknown. */
  duration: string | null;
  durationSeconds: number | null;
  imageUrl: string | null;
  guestName: string | null;
  spotifyUrl: string | null;
  youtubeUrl: string | null;
};

export type PodcastEpisodesResponse = { success: true; data: PodcastEpisode[] };

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
