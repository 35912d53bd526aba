import { Mic } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { EpisodeList } from "~/features/episodes/components/episode-list";
import { ListenPlatformGrid } from "~/features/episodes/components/listen-platform-grid";
import { FirstEpisodeComingSoon, TrailerCard } from "~/features/episodes/components/trailer-card";
import { episodeViewerOf } from "~/features/episodes/episode-access.server";
import { featuredEpisode, listPublicEpisodes } from "~/features/episodes/episodes.server";
import { listPageNumber } from "~/features/episodes/schema";
import { episodeStructuredData } from "~/features/episodes/structured-data";
import { useRootData } from "~/hooks/use-root-data";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import { podcastEpisodeJsonLd, podcastSeriesJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/podcast";

export const handle: PublicPageHandle = { publicRoute: { shows: ["episodes"] }, hydrates: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (site) => ({
    title: "Podcast",
    description:
      "Listen to the trailer and episodes, find the show on your favorite platform, and apply to be a guest.",
    structuredData: ({ siteUrl, canonical }) => {
      const trailer = args.loaderData?.trailer;
      return [
        podcastSeriesJsonLd(siteUrl, site),
        ...(trailer ? [podcastEpisodeJsonLd(siteUrl, canonical, episodeStructuredData(trailer), site)] : []),
      ];
    },
  }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const now = new Date();
  // Basic and Premium members also find the episodes in early access; the page cache stores only anonymous pages.
  const viewer = await getViewer(db, request);
  const trailer = await featuredEpisode(db, now);
  const list = await listPublicEpisodes(db, now, {
    page: listPageNumber(new URL(request.url)),
    exceptId: trailer?.id,
    viewer: episodeViewerOf(viewer),
  });
  return { trailer, list };
}

export default function Podcast({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  const { trailer, list } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-5xl space-y-16 px-4 pt-28 pb-20">
      <header className="space-y-4">
        <p className="font-medium text-primary text-sm uppercase tracking-widest">{settings.launchNote}</p>
        <h1 className="font-bold text-4xl tracking-tight">The Podcast</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{settings.tagline}</p>
        <p className="max-w-2xl text-muted-foreground">
          {settings.schedule.frequency}, usually on {settings.schedule.usualDay}. About{" "}
          {settings.schedule.typicalMinutes} minutes an episode, rated {settings.schedule.contentRating}. Hosted by{" "}
          {settings.hostName}.
        </p>
      </header>

      <section aria-label="Trailer">
        {trailer ? <TrailerCard episode={trailer} headingLevel={2} /> : <FirstEpisodeComingSoon headingLevel={2} />}
      </section>

      {(list.episodes.length > 0 || list.hasPrevious) && (
        <section aria-labelledby="episodes-heading" className="space-y-6">
          <h2 id="episodes-heading" className="font-semibold text-3xl">
            Episodes
          </h2>
          <EpisodeList {...list} />
        </section>
      )}

      <section aria-labelledby="platforms-heading" className="space-y-6">
        <h2 id="platforms-heading" className="font-semibold text-3xl">
          Listen on Your Favorite Platform
        </h2>
        <ListenPlatformGrid />
      </section>

      <section aria-labelledby="guest-heading" className="rounded-xl border border-border bg-card p-8">
        <h2 id="guest-heading" className="flex items-center gap-3 font-semibold text-2xl">
          <Mic aria-hidden="true" className="size-6 text-primary" />
          Have a Story of Disruption?
        </h2>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          We're looking for founders, operators and leaders with an honest story about innovation: the bet, the setback,
          and what it taught you.
        </p>
        <Button asChild className="mt-6">
          <Link to="/guest-application">Apply to be a Guest</Link>
        </Button>
      </section>
    </main>
  );
}
