import { listApiEpisodes } from "~/features/episodes/episodes.server";
import type { PodcastEpisodesResponse } from "~/features/episodes/schema";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  apiCall({
    method: "GET",
    path: "/api/podcast/episodes",
    access: "public",
    handler: async ({ db }) =>
      ({ success: true, data: await listApiEpisodes(db, new Date()) }) satisfies PodcastEpisodesResponse,
  }),
];
