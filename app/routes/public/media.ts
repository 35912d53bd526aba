import { findEpisodeMediaOwner } from "~/features/episodes/episodes.server";
import { hasPremiumAccess, PREMIUM_REQUIRED_MESSAGE } from "~/features/premium/premium-access.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import { isMediaKey } from "~/lib/media/media-key";
import { serveMedia } from "~/lib/media/serve-media.server";
import type { Route } from "./+types/media";

const plainText = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * An episode's stored audio, artwork or transcript, served only once an episode naming the key is found and the
 * requester may see it: anyone for a public episode (cached for a year: the key never changes its bytes), premium
 * members for premium audio, and the owner for any episode (the editor's preview); neither of the last two is cached.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, media } = context.get(appContext);
  const key = params["*"] ?? "";
  const owner = isMediaKey(key) ? await findEpisodeMediaOwner(db, key, new Date()) : null;
  if (!owner) return plainText(404, "Not found");
  if (owner.isPublic && !owner.isPremiumAudio) return serveMedia(request, media, key, { caching: "immutable" });
  const viewer = await getViewer(db, request);
  const isMember = owner.isPublic && viewer.user !== null && hasPremiumAccess(viewer.user);
  if (viewer.isOwner || isMember) return serveMedia(request, media, key, { caching: "private" });
  return owner.isPublic ? plainText(403, PREMIUM_REQUIRED_MESSAGE) : plainText(404, "Not found");
}
