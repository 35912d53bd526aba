import { Link, useSearchParams } from "react-router";
import { StoryGrid } from "~/features/stories/components/story-grid";
import { confessionStories } from "~/features/stories/confession-stories";
import { parseHighlightedStoryId } from "~/features/stories/schema";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site-config";
import type { Route } from "./+types/about";

export const handle: PublicPageHandle = { publicRoute: { shows: [] }, hydrates: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About",
    description: "Meet the host and watch eleven short confession stories about building, failing and starting again.",
  });

export default function About() {
  const [searchParams] = useSearchParams();
  const highlightedStoryId = parseHighlightedStoryId(searchParams.get("video"), confessionStories);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-20">
      <section
        aria-labelledby="host-heading"
        className="grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-center"
      >
        <img
          src={siteConfig.artwork.onPage.src}
          srcSet={siteConfig.artwork.onPage.srcSet}
          sizes="(min-width: 768px) 384px, 192px"
          alt={`${siteConfig.showName} show artwork`}
          width={siteConfig.artwork.width}
          height={siteConfig.artwork.height}
          className="aspect-square w-48 rounded-xl border border-border object-cover md:w-full md:max-w-sm"
        />
        <div className="space-y-4">
          <h1 id="host-heading" className="font-medium text-primary text-sm uppercase tracking-widest">
            About the Host
          </h1>
          <p className="font-bold text-4xl tracking-tight">{siteConfig.hostName}</p>
          <p className="text-lg text-muted-foreground">{siteConfig.tagline}</p>
          {siteConfig.hostBio.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed">
              {paragraph}
            </p>
          ))}
          <p>
            <Link to="/podcast" className="text-primary underline underline-offset-4">
              Listen to the trailer
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="stories-heading" className="mt-20">
        <h2 id="stories-heading" className="font-semibold text-3xl">
          Confessions
        </h2>
        <p className="mt-2 mb-8 max-w-2xl text-muted-foreground">
          Short personal stories from {siteConfig.hostName}: the moments of building, failing and starting again that
          shaped the show.
        </p>
        <StoryGrid stories={confessionStories} highlightedStoryId={highlightedStoryId} />
      </section>
    </main>
  );
}
