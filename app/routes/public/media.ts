import { countServedAudio } from "~/features/analytics/count-downloads.server";
import { episodeViewerOf } from "~/features/episodes/episode-access.server";
import { findEpisodeMediaGrant } from "~/features/episodes/episodes.server";
import { PREMIUM_REQUIRED_MESSAGE } from "~/features/premium/premium-access.server";
import { isShowArtworkKey, SHOW_ARTWORK_UPLOAD } from "~/features/settings/settings.server";
import { isStoryMediaKey } from "~/features/stories/stories.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import { isMediaKey } from "~/lib/media/media-key";
import { serveMedia } from "~/lib/media/serve-media.server";
import type { Route } from "./+types/media";

const plainText = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * The show's uploaded artwork, public and cached for a year. An episode's stored audio, transcript, artwork or artwork
 * rendition, served only once an episode naming the key is found, as the episode access rule answers for that part:
 * cached for a year when everyone may have it (the key never changes its bytes), never cached when only the requester
 * may (a member's early access or premium episode, the owner's preview), 403 when the requester sees the episode but
 * not this part, 404 otherwise; the audio is counted as downloads (docs/analytics.md). A host story's video, poster and
 * poster rendition are public.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { db, media } = app;
  const key = params["*"] ?? "";
  if (isMediaKey(key) && key.startsWith(`${SHOW_ARTWORK_UPLOAD.prefix}/`)) {
    if (await isShowArtworkKey(db, key)) return serveMedia(request, media, key, { caching: "immutable" });
    return plainText(404, "Not found");
  }
  if (isMediaKey(key) && (await isStoryMediaKey(db, key)))
    return serveMedia(request, media, key, { caching: "immutable" });
  const readViewer = async () => episodeViewerOf(await getViewer(db, request));
  const found = isMediaKey(key) ? await findEpisodeMediaGrant(db, key, new Date(), readViewer) : null;
  if (found?.grant === "locked") return plainText(403, PREMIUM_REQUIRED_MESSAGE);
  if (found === null || found.grant === "hidden") return plainText(404, "Not found");
  const everyone = found.grant === "everyone";
  return serveMedia(request, media, key, {
    caching: everyone ? "immutable" : "private",
    onServe: found.part === "audio" ? countServedAudio(app, request, key, everyone ? "public" : "premium") : undefined,
  });
}
