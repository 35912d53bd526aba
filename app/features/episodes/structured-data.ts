import type { EpisodeStructuredDataInput } from "~/lib/structured-data";
import type { EpisodePageData, FeaturedEpisode } from "./schema";

/** What the trailer card shows, in the structured-data builder's terms: its chapters are the segments. */
export function episodeStructuredData(episode: FeaturedEpisode): EpisodeStructuredDataInput {
  return {
    title: episode.title,
    description: episode.description,
    audioUrl: episode.audioUrl,
    publishDate: episode.publishDate,
    episodeNumber: episode.episodeNumber,
    durationSeconds: episode.durationSeconds,
    guests: episode.guestName ? [episode.guestName] : [],
    ...(episode.chapters.length > 0 && { segments: episode.chapters }),
  };
}

/**
 * What the episode page shows, in the structured-data builder's terms: its chapters are the segments. The audio is
 * named only when anyone may play it: search engines read the page as anonymous visitors.
 */
export function episodePageStructuredData(episode: EpisodePageData): EpisodeStructuredDataInput {
  return {
    title: episode.title,
    description: episode.description,
    audioUrl: episode.publicAudioUrl,
    publishDate: episode.publishDate,
    episodeNumber: episode.episodeNumber,
    seasonNumber: episode.seasonNumber,
    durationSeconds: episode.durationSeconds,
    guests: episode.guests.map((guest) => guest.name),
    segments: episode.chapters.map(({ title, startSeconds }) => ({ title, startSeconds })),
  };
}
