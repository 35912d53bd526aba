import { siteConfig } from "~/lib/site-config";
import type { EpisodeStructuredDataInput } from "~/lib/structured-data";
import type { EpisodePageData, PodcastEpisode } from "./schema";

/** What an episode card shows, in the structured-data builder's terms. */
export function episodeStructuredData(episode: PodcastEpisode): EpisodeStructuredDataInput {
  return {
    title: episode.title,
    description: episode.description,
    audioUrl: episode.audioUrl,
    publishDate: episode.publishDate,
    episodeNumber: episode.episodeNumber,
    durationSeconds: episode.durationSeconds,
    guests: episode.guestName ? [episode.guestName] : [],
    ...siteConfig.episodeDetails[episode.guid],
  };
}

/** What the episode page shows, in the structured-data builder's terms: its chapters are the segments. */
export function episodePageStructuredData(episode: EpisodePageData): EpisodeStructuredDataInput {
  return {
    title: episode.title,
    description: episode.description,
    audioUrl: episode.audioUrl,
    publishDate: episode.publishDate,
    episodeNumber: episode.episodeNumber,
    seasonNumber: episode.seasonNumber,
    durationSeconds: episode.durationSeconds,
    guests: episode.guests.map((guest) => guest.name),
    segments: episode.chapters.map(({ title, startSeconds }) => ({ title, startSeconds })),
  };
}
