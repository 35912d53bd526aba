import { type EpisodeId, premiumFileSize, RESOURCE_FILES, type ResourceId } from "./premium-files.server";
import type { PremiumEpisode, PremiumResource } from "./schema";

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

/** Spec: four downloadable resources, three PDF and one ZIP. */
const RESOURCES: (Omit<PremiumResource, "sizeLabel" | "downloadUrl" | "format"> & { id: ResourceId })[] = [
  {
    id: "disruption-playbook",
    title: "The Disruption Playbook",
    description: "A step-by-step guide to questioning the assumptions your industry runs on.",
  },
  {
    id: "innovation-audit-checklist",
    title: "Innovation Audit Checklist",
    description: "The questions our guests ask before they bet on a new idea.",
  },
  {
    id: "season-one-transcripts",
    title: "Season One Interview Transcripts",
    description: "Full transcripts of the season's conversations, unedited.",
  },
  {
    id: "pitch-deck-templates",
    title: "Pitch Deck Template Pack",
    description: "Editable templates for a one-page pitch and a monthly investor update.",
  },
];

export const episodeAudioUrl = (id: EpisodeId) => `/members/premium-content/audio/${id}`;
export const resourceDownloadUrl = (id: ResourceId) => `/members/resources/download/${id}`;

/** Call only for a premium member: the caller decides access, this module only knows the content. */
export function listPremiumEpisodes(): PremiumEpisode[] {
  return EPISODES.map((episode) => ({ ...episode, audioUrl: episodeAudioUrl(episode.id) }));
}

/** Call only for a premium member. */
export async function listPremiumResources(): Promise<PremiumResource[]> {
  return Promise.all(
    RESOURCES.map(async (resource) => {
      const file = RESOURCE_FILES[resource.id];
      return {
        ...resource,
        format: file.contentType === "application/zip" ? "ZIP" : "PDF",
        sizeLabel: formatFileSize(await premiumFileSize(file)),
        downloadUrl: resourceDownloadUrl(resource.id),
      } satisfies PremiumResource;
    }),
  );
}

function formatFileSize(bytes: number) {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
