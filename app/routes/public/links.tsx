import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SocialIconLink } from "~/components/social-icons";
import { latestEpisode } from "~/features/episodes/episodes.server";
import { episodePagePath } from "~/features/episodes/schema";
import { useRootData } from "~/hooks/use-root-data";
import { appContext } from "~/lib/app-context.server";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site-config";
import type { Route } from "./+types/links";

export const handle: PublicPageHandle = { publicRoute: { shows: ["episodes"] }, hydrates: false };

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return { latestEpisode: await latestEpisode(db, new Date()) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Links",
    description: "Every way to listen, follow and get in touch, in one place.",
  });

const ARTWORK_DISPLAY_SIZE_PX = 160;

const hubButtonClassName =
  "flex items-center justify-between gap-4 rounded-xl border border-border bg-card px-5 py-4 text-left transition-colors hover:border-primary hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

function HubButtonText({ kicker, label }: { kicker: string; label: string }) {
  return (
    <>
      <span className="flex flex-col">
        <span className="font-semibold text-primary text-xs tracking-widest">{kicker}</span>
        <span className="font-medium text-lg">{label}</span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
    </>
  );
}

function HubSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 text-center">
      <h2 id={id} className="font-semibold text-muted-foreground text-sm tracking-widest">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Links({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  const latest = loaderData.latestEpisode;
  // Before the first episode is published, the button opens the show on the streaming service (Spotify when listed).
  const streamingService =
    settings.linksPageListenOn.find(({ id }) => id === "spotify") ?? settings.linksPageListenOn[0];
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col gap-10 px-4 pt-28 pb-16">
      <header className="flex flex-col items-center gap-4 text-center">
        <img
          src={settings.artwork.onPage.src}
          srcSet={settings.artwork.onPage.srcSet}
          sizes={`${ARTWORK_DISPLAY_SIZE_PX}px`}
          alt={`${settings.showName} show artwork`}
          width={ARTWORK_DISPLAY_SIZE_PX}
          height={ARTWORK_DISPLAY_SIZE_PX}
          className="rounded-2xl border border-border shadow-lg shadow-primary/20"
        />
        <h1 className="font-bold text-3xl tracking-tight">{settings.showName}</h1>
        <p className="text-lg text-muted-foreground">{settings.linksTagline}</p>
      </header>

      <nav aria-label="Links" className="flex flex-col gap-3">
        {latest ? (
          <Link to={episodePagePath(latest.slug)} className={hubButtonClassName}>
            <HubButtonText kicker="LATEST EPISODE" label={latest.title} />
          </Link>
        ) : (
          <a
            href={streamingService?.url ?? "/podcast"}
            target="_blank"
            rel="noopener noreferrer"
            className={hubButtonClassName}
          >
            <HubButtonText kicker="LATEST EPISODE" label={siteConfig.episodes[0].title} />
          </a>
        )}
        <Link to="/briefing" className={hubButtonClassName}>
          <HubButtonText kicker="SUBSCRIBE TO" label={`${settings.newsletter.name} Newsletter`} />
        </Link>
        <Link to="/" className={hubButtonClassName}>
          <HubButtonText kicker="VISIT" label="Official Website" />
        </Link>
        <Link to="/contact" className={hubButtonClassName}>
          <HubButtonText kicker="GET IN TOUCH" label="Contact" />
        </Link>
      </nav>

      <HubSection id="follow-on-social" title="FOLLOW ON SOCIAL">
        <ul className="flex flex-wrap justify-center gap-2">
          {settings.social.map((profile) => (
            <li key={profile.platform}>
              <SocialIconLink profile={profile} className="border border-border" />
            </li>
          ))}
        </ul>
      </HubSection>

      <HubSection id="listen-on" title="LISTEN ON">
        <ul className="flex flex-wrap justify-center gap-2">
          {settings.linksPageListenOn.map(({ id, label, url }) => (
            <li key={id}>
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex rounded-full border border-border px-4 py-2 text-sm transition-colors hover:border-primary hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </HubSection>

      <footer className="text-center text-muted-foreground text-sm">
        © {new Date().getFullYear()} {settings.showName}
      </footer>
    </main>
  );
}
