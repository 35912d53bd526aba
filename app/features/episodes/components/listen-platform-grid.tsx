import { Headphones, ListMusic, Rss } from "lucide-react";
import type { ReactNode } from "react";
import { SocialIcon } from "~/components/social-icons";
import { listenPlatforms, siteConfig } from "~/lib/site-config";

type PlatformTile = { label: string; icon: ReactNode; href?: string };

/** The directory and the streaming service are not live yet: they show "Coming Soon" and link nowhere. */
const platformTiles: PlatformTile[] = [
  { label: listenPlatforms.applePodcasts.label, icon: <Headphones aria-hidden="true" /> },
  { label: listenPlatforms.spotify.label, icon: <ListMusic aria-hidden="true" /> },
  { label: listenPlatforms.youtube.label, icon: <SocialIcon platform="youtube" />, href: listenPlatforms.youtube.url },
  { label: "RSS Feed", icon: <Rss aria-hidden="true" />, href: siteConfig.feedPath },
];

const tileClassName =
  "flex h-full items-center gap-4 rounded-lg border border-border bg-card p-5 [&_svg]:size-7 [&_svg]:shrink-0";

export function ListenPlatformGrid() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {platformTiles.map(({ label, icon, href }) => (
        <li key={label}>
          {href ? (
            <a
              href={href}
              {...(href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className={`${tileClassName} transition-colors hover:border-primary hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring`}
            >
              <span className="text-primary">{icon}</span>
              <span className="font-medium">{label}</span>
            </a>
          ) : (
            <div className={`${tileClassName} text-muted-foreground`}>
              {icon}
              <span className="flex flex-col">
                <span className="font-medium">{label}</span>
                <span className="text-sm">Coming Soon</span>
              </span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
