import {
  buildSitemap,
  SITEMAP_CONTENT_TYPE,
  sitemapEntries,
  sitemapLastModified,
} from "~/features/discovery/sitemap.server";
import { latestPublicEpisodeChange } from "~/features/episodes/episodes.server";
import { listInsightRevisions } from "~/features/insights/insights.server";
import { appContext } from "~/lib/app-context.server";
import { conditionalResponse } from "~/lib/conditional-get.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, publicRoutes } = context.get(appContext);
  const [insights, episodesChanged] = await Promise.all([
    listInsightRevisions(db),
    latestPublicEpisodeChange(db, new Date()),
  ]);
  const entries = sitemapEntries({ routes: publicRoutes, insights, episodesChanged });
  return conditionalResponse(request, {
    body: buildSitemap(entries, env.SITE_URL),
    contentType: SITEMAP_CONTENT_TYPE,
    lastModified: sitemapLastModified(entries),
    cacheControl: "public, max-age=3600",
  });
}
