import { countServedAudio } from "~/features/analytics/count-downloads.server";
import { episodeAccess, episodeViewerOf, isGranted, PREMIUM_EPISODE } from "~/features/episodes/episode-access.server";
import { findPremiumEpisodeAudio } from "~/features/episodes/premium-episodes.server";
import { tierRequired } from "~/features/premium/premium-access.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer, requireUserForPage } from "~/lib/auth.server";
import { serveMedia } from "~/lib/media/serve-media.server";
import type { Route } from "./+types/premium-audio";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * A premium episode's stored audio, by its slug, as the episode access rule answers for premium audio: 403 before
 * saying whether the slug exists to a member who may not hear premium episodes, 404 for an unknown slug; streamed
 * privately, with byte ranges, like any episode's media, and counted as downloads.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { db, media } = app;
  await requireUserForPage(db, request);
  const viewer = episodeViewerOf(await getViewer(db, request));
  const now = new Date();
  if (!isGranted(episodeAccess(viewer, PREMIUM_EPISODE, now).part("audio"))) return tierRequired("premium");
  const audio = await findPremiumEpisodeAudio(db, params.episodeId ?? "", viewer, now);
  if ("refused" in audio) return audio.refused === "locked" ? tierRequired("premium") : notFound();
  return serveMedia(request, media, audio.audioKey, {
    caching: "private",
    onServe: countServedAudio(app, request, audio.audioKey, "premium"),
  });
}
