import { ArrowRight, Headphones, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { NewsletterEmbed } from "~/components/newsletter-embed";
import { SectionLink } from "~/components/section-link";
import { Button } from "~/components/ui/button";
import { FirstEpisodeComingSoon, TrailerCard } from "~/features/episodes/components/trailer-card";
import { featuredEpisode } from "~/features/episodes/episodes.server";
import { episodeStructuredData } from "~/features/episodes/structured-data";
import { InsightTeasers } from "~/features/insights/components/insight-teasers";
import { listLatestInsights } from "~/features/insights/insights.server";
import { LaunchListForm } from "~/features/subscribers/components/launch-list-form";
import { submitLaunchListForm } from "~/features/subscribers/launch-list-form.server";
import { useRootData } from "~/hooks/use-root-data";
import { readPostedForm } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import { organizationJsonLd, podcastEpisodeJsonLd, podcastSeriesJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/home";

export const handle: PublicPageHandle = { publicRoute: { shows: ["insights", "episodes"] }, hydrates: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, (site) => ({
    title: site.showName,
    description: site.description,
    structuredData: ({ siteUrl, canonical }) => {
      const trailer = args.loaderData?.trailer;
      return [
        podcastSeriesJsonLd(siteUrl, site),
        organizationJsonLd(siteUrl, site),
        ...(trailer ? [podcastEpisodeJsonLd(siteUrl, canonical, episodeStructuredData(trailer), site)] : []),
      ];
    },
  }));

/** The home page's insights section shows the three latest posts. */
const HOME_INSIGHT_CARDS = 3;

/** Spec section 9: the newsletter frame in the main content is 150 px high. */
const MAIN_NEWSLETTER_HEIGHT_PX = 150;

const TEASER_VIDEO = {
  src: "/attached_assets/videos/teaser.mp4",
  poster: "/attached_assets/videos/teaser.webp",
  captions: "/attached_assets/videos/teaser.vtt",
};

/** The teaser's poster is the largest thing in view when the page opens, so it is fetched first. */
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "image", href: TEASER_VIDEO.poster, fetchPriority: "high" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const now = new Date();
  const [trailer, latestInsights] = await Promise.all([
    featuredEpisode(db, now),
    listLatestInsights(db, HOME_INSIGHT_CARDS, now),
  ]);
  return { trailer, latestInsights };
}

const secondaryLinkClassName = "inline-flex items-center gap-2 text-primary underline-offset-4 hover:underline";

function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-16 border-border border-t">
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-20">
        <h2 id={`${id}-heading`} className="font-semibold text-3xl">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitLaunchListForm(context.get(appContext), await readPostedForm(request));
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { trailer, latestInsights } = loaderData;
  const { settings, newsletter } = useRootData();
  return (
    <main id="main">
      <section id="home" aria-labelledby="home-heading" className="mx-auto max-w-6xl px-4 pt-32 pb-20">
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <div className="flex flex-col items-start gap-6">
            <h1 id="home-heading" className="font-bold text-4xl tracking-tight sm:text-6xl">
              {settings.showName}
            </h1>
            <p className="max-w-2xl text-lg text-muted-foreground">{settings.tagline}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild className="h-11 px-5">
                <SectionLink to="/podcast" section="podcast">
                  <Headphones aria-hidden="true" />
                  Listen Now
                </SectionLink>
              </Button>
              <Button asChild variant="ghost" className="h-11 border border-border px-5">
                <SectionLink to="/briefing" section="briefing">
                  <Mail aria-hidden="true" />
                  Get The Briefing
                </SectionLink>
              </Button>
            </div>
            <p className="text-muted-foreground">Get notified when the podcast launches.</p>
            <LaunchListForm answer={actionData} />
          </div>
          <figure className="overflow-hidden rounded-xl border border-border bg-black shadow-2xl shadow-primary/10">
            <video
              src={TEASER_VIDEO.src}
              poster={TEASER_VIDEO.poster}
              preload="none"
              controls
              playsInline
              width={480}
              height={270}
              aria-label={`${settings.showName} teaser`}
              className="aspect-video w-full"
            >
              <track kind="captions" src={TEASER_VIDEO.captions} srcLang="en" label="English" />
            </video>
            <figcaption className="sr-only">Watch the teaser of {settings.showName}.</figcaption>
          </figure>
        </div>
      </section>

      <HomeSection id="about" title="About the Show">
        <p className="font-medium text-primary text-sm uppercase tracking-widest">{settings.launchNote}</p>
        <p className="max-w-3xl text-lg leading-relaxed">{settings.description}</p>
        <p className="max-w-3xl text-muted-foreground leading-relaxed">
          Hosted by {settings.hostName}. Every week, one founder or leader tells the story of a turning point, the way
          it really happened.
        </p>
        <Link to="/about" className={secondaryLinkClassName}>
          Meet the host and watch the confessions <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </HomeSection>

      <HomeSection id="podcast" title="The Podcast">
        {trailer ? <TrailerCard episode={trailer} /> : <FirstEpisodeComingSoon />}
        <Link to="/podcast" className={secondaryLinkClassName}>
          Find the show on your platform <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </HomeSection>

      <HomeSection id="insights" title="Insights">
        <p className="max-w-3xl text-muted-foreground leading-relaxed">
          Short reads on technology, operations and leadership, drawn from the conversations on the show.
        </p>
        <InsightTeasers posts={latestInsights} />
        <Link to="/insights" className={secondaryLinkClassName}>
          Read the latest insights <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </HomeSection>

      <HomeSection id="briefing" title={settings.newsletter.name}>
        <p className="max-w-3xl text-muted-foreground leading-relaxed">
          Our newsletter on innovation and disruption: the stories behind the episodes, early access and curated
          reading, straight to your inbox.
        </p>
        {/* Without a newsletter publication the page's own launch-list form above is the way to sign up. */}
        {newsletter && (
          <div className="max-w-xl">
            <NewsletterEmbed
              embedUrl={newsletter.embedUrl}
              newsletterName={settings.newsletter.name}
              height={MAIN_NEWSLETTER_HEIGHT_PX}
              placement="main_content"
            />
          </div>
        )}
        <Link to="/briefing" className={secondaryLinkClassName}>
          More about {settings.newsletter.name} <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </HomeSection>

      <HomeSection id="contact" title="Get in Touch">
        <p className="max-w-3xl text-muted-foreground leading-relaxed">
          Have a story of disruption to share, a guest to suggest or a partnership in mind? We'd love to hear from you.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/contact">Contact Us</Link>
          </Button>
          <Button asChild variant="ghost" className="border border-border">
            <Link to="/guest-application">Apply to be a Guest</Link>
          </Button>
        </div>
      </HomeSection>
    </main>
  );
}
