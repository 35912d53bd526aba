import { listFeedEpisodes } from "~/features/episodes/episodes.server";
import { buildPodcastFeed, feedLastModified, PODCAST_FEED_CONTENT_TYPE } from "~/features/episodes/podcast-feed.server";
import { conditionalResponse } from "~/lib/conditional-get.server";
import type { Route } from "./+types/podcast-feed";

export async function loader({ request, context }: Route.LoaderArgs) {
  const episodes = await listFeedEpisodes(context.db, new Date());
  return conditionalResponse(request, {
    body: buildPodcastFeed(episodes, context.env.SITE_URL),
    contentType: PODCAST_FEED_CONTENT_TYPE,
    lastModified: feedLastModified(episodes),
    cacheControl: "public, max-age=300",
  });
}
