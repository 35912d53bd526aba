import type { EpisodeId } from "./premium-files.server";
import type { PremiumEpisode } from "./schema";

/** Spec: three premium episodes (55, 47 and 63 minutes, from 2025). Sample content for the owner to replace. */
const EPISODES: (Omit<PremiumEpisode, "audioUrl"> & { id: EpisodeId })[] = [
  {
    id: "founders-who-failed-forward",
    title: "Founders Who Failed Forward: The Unedited Cut",
    description: "The full conversation with three founders about the launches that went wrong and what they rebuilt.",
    durationMinutes: 55,
    publishedOn: "2025-03-13",
  },
  {
    id: "boardroom-ai-off-the-record",
    title: "Inside the Boardroom: AI Decisions Off the Record",
    description: "Board members on how they really decide where automation goes first, and where it never will.",
    durationMinutes: 47,
    publishedOn: "2025-04-10",
  },
  {
    id: "turnaround-playbook-live",
    title: "The Turnaround Playbook: Live Q&A",
    description: "A recorded members-only session answering your questions about leading a company through a crisis.",
    durationMinutes: 63,
    publishedOn: "2025-05-08",
  },
];

const episodeAudioUrl = (id: EpisodeId) => `/members/premium-content/audio/${id}`;

/** Call only for a premium member: the caller decides access, this module only knows the content. */
export function listPremiumEpisodes(): PremiumEpisode[] {
  return EPISODES.map((episode) => ({ ...episode, audioUrl: episodeAudioUrl(episode.id) }));
}
