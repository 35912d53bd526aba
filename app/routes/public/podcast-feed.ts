import { listFeedEpisodes } from "~/features/episodes/episodes.server";
import { buildPodcastFeed, feedLastModified, PODCAST_FEED_CONTENT_TYPE } from "~/features/episodes/podcast-feed.server";
import { appContext } from "~/lib/app-context.server";
import { conditionalResponse } from "~/lib/conditional-get.server";
import type { PublicRouteHandle } from "~/lib/public-routes";
import { readSiteSettings } from "~/lib/site-settings.server";
import type { Route } from "./+types/podcast-feed";

export const handle: PublicRouteHandle = { publicRoute: { shows: ["episodes"] } };

const movedFeed = (location: string) =>
  new Response(null, { status: 301, headers: { Location: location, "Cache-Control": "public, max-age=300" } });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const [episodes, settings] = await Promise.all([listFeedEpisodes(db, new Date()), readSiteSettings(db)]);
  const { newFeedUrl, redirect } = settings.identity.feedHome;
  // The show moved and the owner confirmed it: apps follow a permanent redirect and update the subscription.
  if (redirect && newFeedUrl) return movedFeed(newFeedUrl);
  // A settings save changes the channel, so it counts as a change of the feed for conditional requests too.
  const times = [feedLastModified(episodes), settings.updatedAt].filter((time) => time !== null);
  return conditionalResponse(request, {
    body: buildPodcastFeed(episodes, env.SITE_URL, settings.identity),
    contentType: PODCAST_FEED_CONTENT_TYPE,
    lastModified: times.length === 0 ? null : new Date(Math.max(...times.map((time) => time.getTime()))),
    cacheControl: "public, max-age=300",
  });
}
