import {
  buildSitemap,
  SITEMAP_CONTENT_TYPE,
  sitemapEntries,
  sitemapLastModified,
} from "~/features/discovery/sitemap.server";
import { listPublicEpisodeRevisions } from "~/features/episodes/episodes.server";
import { episodePagePath } from "~/features/episodes/schema";
import { listInsightRevisions } from "~/features/insights/insights.server";
import { appContext } from "~/lib/app-context.server";
import { conditionalResponse } from "~/lib/conditional-get.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, publicRoutes } = context.get(appContext);
  const [insights, episodes] = await Promise.all([
    listInsightRevisions(db),
    listPublicEpisodeRevisions(db, new Date()),
  ]);
  const episodePages = episodes.map(({ slug, updatedAt }) => ({
    path: episodePagePath(slug),
    lastModified: updatedAt,
  }));
  const episodesChanged = sitemapLastModified(episodePages);
  const entries = sitemapEntries({ routes: publicRoutes, insights, episodesChanged, episodePages });
  return conditionalResponse(request, {
    body: buildSitemap(entries, env.SITE_URL),
    contentType: SITEMAP_CONTENT_TYPE,
    lastModified: sitemapLastModified(entries),
    cacheControl: "public, max-age=3600",
  });
}
