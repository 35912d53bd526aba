import { countServedAudio } from "~/features/analytics/count-downloads.server";
import { isGranted } from "~/features/episodes/episode-access.server";
import { FEED_EPISODE_PARTS, type FeedEpisodePart, findFeedEpisodePart } from "~/features/episodes/episodes.server";
import { chaptersResponse } from "~/features/episodes/podcast-feed.server";
import { hasPrivateFeed } from "~/features/members/feed-links";
import { feedRefusal, findFeedMember, privateFeedToken } from "~/features/members/member-feed.server";
import { PREMIUM_REQUIRED_MESSAGE } from "~/features/premium/premium-access.server";
import { parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { serveMedia } from "~/lib/media/serve-media.server";
import type { Route } from "./+types/private-feed-part";

const isFeedPart = (part: string | undefined): part is FeedEpisodePart =>
  (FEED_EPISODE_PARTS as readonly (string | undefined)[]).includes(part);

/**
 * GET /feeds/{token}/{part}/{episodeId}: what a private feed's item names (the `audio` enclosure, its `transcript`,
 * `artwork` and `chapters`), for the podcast app, which sends no cookie. The member's tier is read on every request
 * and the episode access rule answers for the part, so a downgrade or cancellation stops premium audio at once; files
 * are served with byte ranges as all media, never cached; the audio is counted as downloads.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { db, media } = app;
  const token = privateFeedToken(params.token);
  const member = token ? await findFeedMember(db, token) : null;
  if (!member) return feedRefusal(404);
  if (!hasPrivateFeed(member.membershipTier)) return feedRefusal(403);
  const episodeId = parseIdParam(params.episodeId);
  if (episodeId === null || !isFeedPart(params.part)) return feedRefusal(404);
  const viewer = { kind: "member", tier: member.membershipTier } as const;
  const found = await findFeedEpisodePart(db, episodeId, params.part, new Date(), viewer);
  if (found?.grant === "locked") return feedRefusal(403, PREMIUM_REQUIRED_MESSAGE);
  if (!found || !isGranted(found.grant)) return feedRefusal(404);
  if (found.kind === "chapters")
    return found.chapters.length > 0 ? chaptersResponse(found.chapters, "private") : feedRefusal(404);
  if (!found.key) return feedRefusal(404);
  const onServe = params.part === "audio" ? countServedAudio(app, request, found.key, "premium") : undefined;
  return serveMedia(request, media, found.key, { caching: "private", onServe });
}
