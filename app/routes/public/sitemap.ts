import {
  buildSitemap,
  SITEMAP_CONTENT_TYPE,
  sitemapEntries,
  sitemapLastModified,
} from "~/features/discovery/sitemap.server";
import { listPublicEpisodeRevisions } from "~/features/episodes/episodes.server";
import { episodePagePath } from "~/features/episodes/schema";
import { listInsightRevisions } from "~/features/insights/insights.server";
import { storiesLastChanged } from "~/features/stories/stories.server";
import { appContext } from "~/lib/app-context.server";
import { conditionalResponse } from "~/lib/conditional-get.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, publicRoutes } = context.get(appContext);
  const now = new Date();
  const [insights, episodes, storiesChanged] = await Promise.all([
    listInsightRevisions(db, now),
    listPublicEpisodeRevisions(db, now),
    storiesLastChanged(db),
  ]);
  const episodePages = episodes.map(({ slug, updatedAt }) => ({
    path: episodePagePath(slug),
    lastModified: updatedAt,
  }));
  const episodesChanged = sitemapLastModified(episodePages);
  const entries = sitemapEntries({ routes: publicRoutes, insights, episodesChanged, episodePages, storiesChanged });
  return conditionalResponse(request, {
    body: buildSitemap(entries, env.SITE_URL),
    contentType: SITEMAP_CONTENT_TYPE,
    lastModified: sitemapLastModified(entries),
    cacheControl: "public, max-age=3600",
  });
}
