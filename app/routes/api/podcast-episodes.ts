import { listActiveEpisodes } from "~/features/episodes/episodes.server";
import type { PodcastEpisodesResponse } from "~/features/episodes/schema";
import { methodNotAllowed } from "~/lib/api.server";
import type { Route } from "./+types/podcast-episodes";

export async function loader({ context }: Route.LoaderArgs) {
  return { success: true, data: await listActiveEpisodes(context.db) } satisfies PodcastEpisodesResponse;
}

export const action = methodNotAllowed;
