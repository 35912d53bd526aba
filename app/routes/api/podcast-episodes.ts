import { listApiEpisodes } from "~/features/episodes/episodes.server";
import type { PodcastEpisodesResponse } from "~/features/episodes/schema";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { Route } from "./+types/podcast-episodes";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return { success: true, data: await listApiEpisodes(db, new Date()) } satisfies PodcastEpisodesResponse;
}

export const action = methodNotAllowed;
