import { siteConfig } from "~/lib/site-config";
import type { EpisodeStructuredDataInput } from "~/lib/structured-data";
import type { PodcastEpisode } from "./schema";

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
