import { data, redirect } from "react-router";
import { EpisodeDetails } from "~/features/episodes/components/episode-details";
import { episodeViewerOf } from "~/features/episodes/episode-access.server";
import { episodePageData } from "~/features/episodes/episode-page.server";
import { findPublicEpisode } from "~/features/episodes/episodes.server";
import { episodePagePath } from "~/features/episodes/schema";
import { episodePageStructuredData } from "~/features/episodes/structured-data";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import { breadcrumbJsonLd, podcastEpisodeJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/episode";

// Chapters seek the page's player in place with scripts; without them their links open the audio at that time.
export const handle: PublicPageHandle = { publicRoute: { shows: ["episodes"] }, hydrates: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env, media } = context.get(appContext);
  // Basic and Premium members also find an episode in its early access; the page cache never stores a member's page.
  const viewer = episodeViewerOf(await getViewer(db, request));
  const now = new Date();
  const found = await findPublicEpisode(db, params.slug, now, viewer);
  if (!found) return data({ episode: null, pageUrl: null }, { status: 404 });
  if (found.kind === "moved") throw redirect(episodePagePath(found.slug), 301);
  const { episode, access } = found;
  return {
    episode: await episodePageData(episode, media, { access, now }),
    pageUrl: `${env.SITE_URL}${episodePagePath(episode.slug)}`,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const episode = args.loaderData?.episode;
  if (!episode) {
    return pageMeta(args, {
      title: "Episode Not Found",
      description: "The episode you're looking for doesn't exist or is not published.",
      noIndex: true,
    });
  }
  const image = episode.artwork?.renditions.at(-1)?.url;
  const tags = pageMeta(args, {
    title: episode.title,
    description: episode.description,
    ...(image && { image, imageAlt: `${episode.title} artwork` }),
    structuredData: ({ siteUrl, canonical, site }) => [
      podcastEpisodeJsonLd(siteUrl, canonical, episodePageStructuredData(episode), site),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: "Podcast", path: "/podcast" },
        { name: episode.title, path: episodePagePath(episode.slug) },
      ]),
    ],
  });
  // Link previews fetch the audio as anonymous visitors: only audio that anyone may play is named.
  if (!episode.publicAudioUrl) return tags;
  const audioUrl = new URL(episode.publicAudioUrl, args.loaderData?.pageUrl ?? undefined).href;
  return [
    ...tags,
    { property: "og:audio", content: audioUrl },
    { property: "og:audio:type", content: episode.audioMimeType },
  ];
};

export default function EpisodePage({ loaderData }: Route.ComponentProps) {
  const { episode, pageUrl } = loaderData;
  return (
    <main id="main" className="px-4 pt-28 pb-20">
      {episode && pageUrl ? (
        <EpisodeDetails episode={episode} pageUrl={pageUrl} />
      ) : (
        <section className="mx-auto max-w-xl space-y-4 text-center">
          <h1 className="font-bold text-3xl">Episode Not Found</h1>
          <p className="text-muted-foreground">The episode you're looking for doesn't exist or is not published.</p>
          <a href="/podcast" className="text-primary underline-offset-4 hover:underline">
            All episodes
          </a>
        </section>
      )}
    </main>
  );
}
