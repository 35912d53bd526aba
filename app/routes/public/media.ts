import { findEpisodeMediaOwner, hasEarlyAccess } from "~/features/episodes/episodes.server";
import { hasPremiumAccess, PREMIUM_REQUIRED_MESSAGE } from "~/features/premium/premium-access.server";
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
 * The show's uploaded artwork, public and cached for a year. An episode's stored audio, artwork or transcript, served
 * only once an episode naming the key is found and the requester may see it: anyone for a public episode (cached for a
 * year: the key never changes its bytes), Basic and Premium members for an episode in its early access, premium members
 * for premium audio, and the owner for any episode (the editor's preview); none of the last three is cached. A host
 * story's video, poster and poster rendition are public like a public episode's artwork.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, media } = context.get(appContext);
  const key = params["*"] ?? "";
  if (isMediaKey(key) && key.startsWith(`${SHOW_ARTWORK_UPLOAD.prefix}/`)) {
    if (await isShowArtworkKey(db, key)) return serveMedia(request, media, key, { caching: "immutable" });
    return plainText(404, "Not found");
  }
  if (isMediaKey(key) && (await isStoryMediaKey(db, key)))
    return serveMedia(request, media, key, { caching: "immutable" });
  const owner = isMediaKey(key) ? await findEpisodeMediaOwner(db, key, new Date()) : null;
  if (!owner) return plainText(404, "Not found");
  if (owner.isPublic && !owner.isPremiumAudio) return serveMedia(request, media, key, { caching: "immutable" });
  const viewer = await getViewer(db, request);
  const tier = viewer.user?.membershipTier ?? null;
  const listed = owner.isPublic || (owner.isEarlyAccess && hasEarlyAccess(tier));
  const mayHear = !owner.isPremiumAudio || (viewer.user !== null && hasPremiumAccess(viewer.user));
  if (viewer.isOwner || (listed && mayHear)) return serveMedia(request, media, key, { caching: "private" });
  return listed ? plainText(403, PREMIUM_REQUIRED_MESSAGE) : plainText(404, "Not found");
}
