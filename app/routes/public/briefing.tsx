import { Archive, ExternalLink, Lightbulb, Lock, Sparkles, Users } from "lucide-react";
import { NewsletterEmbed } from "~/components/newsletter-embed";
import { LaunchListForm } from "~/features/subscribers/components/launch-list-form";
import { useRootData } from "~/hooks/use-root-data";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/briefing";

export const handle: PublicPageHandle = { publicRoute: { shows: [] }, hydrates: false };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, ({ newsletter }) => ({
    title: newsletter.name,
    description: `Subscribe to ${newsletter.name}: a short newsletter on innovation, disruption and the people behind it.`,
  }));

/** Spec section 9: the newsletter frame in the main content is 150 px high. */
const MAIN_NEWSLETTER_HEIGHT_PX = 150;

const benefits = [
  {
    title: "Exclusive Content",
    text: "Stories, notes and behind-the-scenes moments from the show that never make it into an episode.",
    icon: Lock,
  },
  {
    title: "Early Access",
    text: "Hear about new episodes, guests and live events before anyone else.",
    icon: Sparkles,
  },
  {
    title: "Curated Insights",
    text: "A short, hand-picked reading list on innovation, technology and leadership in every issue.",
    icon: Lightbulb,
  },
  {
    title: "Community",
    text: "Join founders, operators and curious minds who share their own stories of disruption.",
    icon: Users,
  },
];

const externalLinkClassName =
  "inline-flex items-center gap-2 rounded-md font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * The newsletter platform's frame, link and archive; until a publication is set (a fresh clone), the site's own
 * subscribe form instead, and no links that lead nowhere.
 */
export default function Briefing() {
  const { settings, newsletter } = useRootData();
  return (
    <main id="main" className="mx-auto max-w-5xl space-y-16 px-4 pt-28 pb-20">
      <header className="space-y-4">
        <p className="font-medium text-primary text-sm uppercase tracking-widest">The Newsletter</p>
        <h1 className="font-bold text-4xl tracking-tight">{settings.newsletter.name}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          A short newsletter on innovation, disruption and the people behind it, from the team behind{" "}
          {settings.showName}.
        </p>
      </header>

      <section aria-labelledby="signup-heading" className="space-y-4 rounded-xl border border-border bg-card p-6">
        <h2 id="signup-heading" className="font-semibold text-2xl">
          Subscribe to {settings.newsletter.name}
        </h2>
        {newsletter ? (
          <NewsletterEmbed
            embedUrl={newsletter.embedUrl}
            newsletterName={settings.newsletter.name}
            height={MAIN_NEWSLETTER_HEIGHT_PX}
            placement="main_content"
          />
        ) : (
          <LaunchListForm label="Newsletter sign-up" />
        )}
        <p className="text-muted-foreground text-sm">We respect your privacy. Unsubscribe at any time.</p>
        {newsletter && (
          <a
            href={newsletter.publicationUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={externalLinkClassName}
          >
            Subscribe on Substack
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        )}
      </section>

      <section aria-labelledby="benefits-heading" className="space-y-6">
        <h2 id="benefits-heading" className="font-semibold text-3xl">
          Why Subscribe
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {benefits.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-xl border border-border bg-card p-6">
              <Icon aria-hidden="true" className="size-6 text-primary" />
              <h3 className="mt-4 font-semibold text-xl">{title}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      {newsletter && (
        <section aria-labelledby="archive-heading" className="rounded-xl border border-border bg-card p-6">
          <h2 id="archive-heading" className="flex items-center gap-3 font-semibold text-2xl">
            <Archive aria-hidden="true" className="size-6 text-primary" />
            Newsletter Archive
          </h2>
          <p className="mt-3 max-w-2xl text-muted-foreground">
            Catch up on every past issue of {settings.newsletter.name} on the newsletter platform.
          </p>
          <a
            href={newsletter.archiveUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${externalLinkClassName} mt-4`}
          >
            Browse the Archive
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </section>
      )}
    </main>
  );
}
