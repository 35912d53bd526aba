/**
 * Shapes of the premium catalogue as pages receive them. The catalogue itself lives in *.server.ts modules, so that
 * premium data never enters the browser bundle and reaches a browser only through a premium member's loader.
 */
export type PremiumEpisode = {
  id: string;
  title: string;
  description: string;
  durationMinutes: number;
  /** ISO date (YYYY-MM-DD). */
  publishedOn: string;
  audioUrl: string;
};

export type PremiumResource = {
  id: number;
  title: string;
  description: string;
  format: "PDF" | "ZIP";
  sizeLabel: string;
  downloadUrl: string;
};

/** An event as the events page shows it; `when` is worded on the server, so the browser's locale data cannot differ. */
export type UpcomingEvent = {
  id: number;
  title: string;
  description: string;
  /** ISO timestamp in UTC. */
  startsAt: string;
  durationMinutes: number;
  when: string;
  /** An http(s) link, or null while it is still to be sent by email. */
  joinUrl: string | null;
};

/** What a premium page's loader answers: its content for premium members, only the access panel for anyone else. */
export type PremiumPageData<Content> = { access: "granted"; content: Content } | { access: "denied" };

/** Dates are shown in UTC so that the server's HTML and the browser's hydration agree wherever either runs. */
export function formatEpisodeDate(isoDate: string) {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}
