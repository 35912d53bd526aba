import { listFeedEpisodes } from "~/features/episodes/episodes.server";
import { buildPodcastFeed, feedLastModified, PODCAST_FEED_CONTENT_TYPE } from "~/features/episodes/podcast-feed.server";
import { appContext } from "~/lib/app-context.server";
import { conditionalResponse } from "~/lib/conditional-get.server";
import type { PublicRouteHandle } from "~/lib/public-routes";
import type { Route } from "./+types/podcast-feed";

export const handle: PublicRouteHandle = { publicRoute: { shows: ["episodes"] } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const episodes = await listFeedEpisodes(db, new Date());
  return conditionalResponse(request, {
    body: buildPodcastFeed(episodes, env.SITE_URL),
    contentType: PODCAST_FEED_CONTENT_TYPE,
    lastModified: feedLastModified(episodes),
    cacheControl: "public, max-age=300",
  });
}
