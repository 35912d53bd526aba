import {
  episodeAccess,
  episodeViewerOf,
  isGranted,
  PREMIUM_CATALOGUE_EPISODE,
} from "~/features/episodes/episode-access.server";
import { tierRequired } from "~/features/premium/premium-access.server";
import { findEpisodeAudio, premiumFileResponse } from "~/features/premium/premium-files.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer, requireUserForPage } from "~/lib/auth.server";
import type { Route } from "./+types/premium-audio";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * A premium catalogue episode's audio, as the episode access rule answers for premium audio: 403 before saying
 * whether the id exists to a member who may not hear it, 404 for an unknown id.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireUserForPage(db, request);
  const viewer = episodeViewerOf(await getViewer(db, request));
  if (!isGranted(episodeAccess(viewer, PREMIUM_CATALOGUE_EPISODE, new Date()).part("audio")))
    return tierRequired("premium");
  const file = findEpisodeAudio(params.episodeId);
  return file ? premiumFileResponse(file, request) : notFound();
}
