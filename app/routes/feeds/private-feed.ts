import { listFeedEpisodes } from "~/features/episodes/episodes.server";
import { buildPodcastFeed, PODCAST_FEED_CONTENT_TYPE } from "~/features/episodes/podcast-feed.server";
import { hasPrivateFeed, privateFeedPartPath, privateFeedPath } from "~/features/members/feed-links";
import { feedRefusal, findFeedMember, privateFeedToken, recordFeedFetch } from "~/features/members/member-feed.server";
import { appContext } from "~/lib/app-context.server";
import { conditionalResponse } from "~/lib/conditional-get.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import type { Route } from "./+types/private-feed";

/**
 * GET /feeds/{token}.xml: a paying member's private podcast feed, with what their tier allows now (a downgrade takes
 * premium items out at once). Each fetch counts its address for the owner's shared-feed flag.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env, clientIp } = context.get(appContext);
  const token = privateFeedToken(params.file, ".xml");
  const member = token ? await findFeedMember(db, token) : null;
  if (!token || !member) return feedRefusal(404);
  if (!hasPrivateFeed(member.membershipTier)) return feedRefusal(403);
  await recordFeedFetch(db, member.userId, clientIp);
  const [episodes, site] = await Promise.all([
    listFeedEpisodes(db, new Date(), { kind: "member", tier: member.membershipTier }),
    getSiteSettings(db),
  ]);
  return conditionalResponse(request, {
    body: buildPodcastFeed(episodes, env.SITE_URL, site, {
      feedPath: privateFeedPath(token),
      partPath: (episode, part) => privateFeedPartPath(token, part, episode.id),
      titleSuffix: " (Members)",
    }),
    contentType: PODCAST_FEED_CONTENT_TYPE,
    // The ETag alone validates: a downgrade removes items without making anything newer.
    lastModified: null,
    cacheControl: "private, no-cache",
  });
}
