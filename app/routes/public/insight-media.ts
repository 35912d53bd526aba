import { findInsightMediaOwner } from "~/features/insights/insights.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import { isMediaKey } from "~/lib/media/media-key";
import { serveMedia } from "~/lib/media/serve-media.server";
import { hasRole, ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/insight-media";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * An insight's stored cover, served once a post naming the key is found: to anyone when the post is public (cached
 * for a year: a key never changes its bytes), and to the owner otherwise (the editor's preview, not cached).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, media } = context.get(appContext);
  const key = params["*"] ?? "";
  const owner = isMediaKey(key) ? await findInsightMediaOwner(db, key, new Date()) : null;
  if (!owner) return notFound();
  if (owner.isPublic) return serveMedia(request, media, key, { caching: "immutable" });
  const viewer = await getViewer(db, request);
  const editsInsights = hasRole(viewer.staff, ROLES.content);
  return editsInsights ? serveMedia(request, media, key, { caching: "private" }) : notFound();
}
