import { findMemberFeedAudio } from "~/features/episodes/episodes.server";
import { hasPrivateFeed } from "~/features/members/feed-links";
import { feedRefusal, findFeedMember, privateFeedToken } from "~/features/members/member-feed.server";
import { parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { serveMedia } from "~/lib/media/serve-media.server";
import type { Route } from "./+types/private-feed-audio";

const PREMIUM_EPISODE_MESSAGE = "Premium membership required";

/**
 * GET /feeds/{token}/audio/{episodeId}: a private feed's enclosure. The member's tier is read on every request, so a
 * downgrade or cancellation stops premium audio at once; byte ranges are served as for all media.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, media } = context.get(appContext);
  const token = privateFeedToken(params.token);
  const member = token ? await findFeedMember(db, token) : null;
  if (!member) return feedRefusal(404);
  if (!hasPrivateFeed(member.membershipTier)) return feedRefusal(403);
  const episodeId = parseIdParam(params.episodeId);
  const audio = episodeId === null ? null : await findMemberFeedAudio(db, episodeId, new Date(), member.membershipTier);
  if (!audio) return feedRefusal(404);
  if (audio.kind === "premium-required") return feedRefusal(403, PREMIUM_EPISODE_MESSAGE);
  return serveMedia(request, media, audio.key, { caching: "private" });
}
