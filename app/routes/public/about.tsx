import { Link, useSearchParams } from "react-router";
import { StoryGrid } from "~/features/stories/components/story-grid";
import { parseHighlightedStoryId } from "~/features/stories/schema";
import { listPublicStories } from "~/features/stories/stories.server";
import { useRootData } from "~/hooks/use-root-data";
import { appContext } from "~/lib/app-context.server";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export const handle: PublicPageHandle = { publicRoute: { shows: ["stories"] }, hydrates: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About",
    description: "Meet the host and watch eleven short confession stories about building, failing and starting again.",
  });

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return { stories: await listPublicStories(db) };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { stories } = loaderData;
  const { settings } = useRootData();
  const [searchParams] = useSearchParams();
  const highlightedStoryId = parseHighlightedStoryId(searchParams.get("video"), stories);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-20">
      <section
        aria-labelledby="host-heading"
        className="grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-center"
      >
        <img
          src={settings.artwork.onPage.src}
          srcSet={settings.artwork.onPage.srcSet}
          sizes="(min-width: 768px) 384px, 192px"
          alt={`${settings.showName} show artwork`}
          width={settings.artwork.width}
          height={settings.artwork.height}
          className="aspect-square w-48 rounded-xl border border-border object-cover md:w-full md:max-w-sm"
        />
        <div className="space-y-4">
          <h1 id="host-heading" className="font-medium text-primary text-sm uppercase tracking-widest">
            About the Host
          </h1>
          <p className="font-bold text-4xl tracking-tight">{settings.hostName}</p>
          <p className="text-lg text-muted-foreground">{settings.tagline}</p>
          {settings.hostBio.map((paragraph) => (
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
          Short personal stories from {settings.hostName}: the moments of building, failing and starting again that
          shaped the show.
        </p>
        <StoryGrid stories={stories} highlightedStoryId={highlightedStoryId} />
      </section>
    </main>
  );
}
