import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SiteSettings } from "~/lib/site-config";
import { NewsletterEmbed } from "./newsletter-embed";
import { SectionLink, type SiteLink } from "./section-link";
import { SocialIconLink } from "./social-icons";

/** Spec section 9: the footer's newsletter embed is 120 px high. */
const FOOTER_NEWSLETTER_HEIGHT_PX = 120;

const SITE_MAP: SiteLink[] = [
  { label: "Home", to: "/", section: "home" },
  { label: "The Briefing", to: "/briefing", section: "briefing" },
  { label: "Podcast", to: "/podcast", section: "podcast" },
  { label: "Contact", to: "/contact", section: "contact" },
  { label: "Become a Guest", to: "/guest-application" },
];

const LEGAL_LINKS = [
  { label: "Privacy Policy", to: "/privacy-policy" },
  { label: "Terms of Service", to: "/terms-of-service" },
  { label: "Cookie Policy", to: "/cookie-policy" },
];

const linkClassName =
  "rounded-sm text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

function BlockHeading({ id, children }: { id?: string; children: string }) {
  return (
    <h2 id={id} className="font-semibold text-foreground text-sm uppercase tracking-wider">
      {children}
    </h2>
  );
}

/**
 * `newsletterEmbedUrl` is null until a newsletter publication is set; the footer then shows `subscribeForm`, the
 * site's own sign-up (the root composes it: components import no feature).
 */
export function SiteFooter({
  settings,
  newsletterEmbedUrl,
  subscribeForm,
}: {
  settings: Pick<SiteSettings, "showName" | "description" | "listenOn" | "social" | "newsletter">;
  newsletterEmbedUrl: string | null;
  subscribeForm: ReactNode;
}) {
  return (
    <footer className="border-border border-t bg-card text-card-foreground">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-12">
        <div className="space-y-3 lg:col-span-3">
          <p className="font-bold text-foreground text-lg tracking-tight">{settings.showName}</p>
          <p className="max-w-sm text-muted-foreground text-sm leading-relaxed">{settings.description}</p>
        </div>

        <nav aria-labelledby="footer-site-map" className="space-y-3 lg:col-span-2">
          <BlockHeading id="footer-site-map">Site Map</BlockHeading>
          <ul className="space-y-2">
            {SITE_MAP.map((link) => (
              <li key={link.label}>
                <SectionLink to={link.to} section={link.section} className={linkClassName}>
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="space-y-3 lg:col-span-2">
          <BlockHeading id="footer-listen-on">Listen On</BlockHeading>
          <ul aria-labelledby="footer-listen-on" className="space-y-2">
            {settings.listenOn.map(({ id, label, url }) => (
              <li key={id}>
                <a href={url} target="_blank" rel="noopener noreferrer" className={linkClassName}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <div className="space-y-3 lg:col-span-3">
          <BlockHeading>{`Subscribe to ${settings.newsletter.name}`}</BlockHeading>
          {newsletterEmbedUrl ? (
            <NewsletterEmbed
              embedUrl={newsletterEmbedUrl}
              newsletterName={settings.newsletter.name}
              height={FOOTER_NEWSLETTER_HEIGHT_PX}
              placement="footer"
            />
          ) : (
            subscribeForm
          )}
          <p className="text-muted-foreground text-xs">We respect your privacy. Unsubscribe at any time.</p>
        </div>

        <div className="space-y-3 lg:col-span-2">
          <BlockHeading id="footer-connect">Connect With Us</BlockHeading>
          <ul aria-labelledby="footer-connect" className="flex flex-wrap gap-2">
            {settings.social.map((profile) => (
              <li key={profile.platform}>
                <SocialIconLink profile={profile} className="border border-border" />
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-border border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground text-sm">
            © {new Date().getFullYear()} {settings.showName}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {LEGAL_LINKS.map(({ label, to }) => (
                <li key={to}>
                  <Link to={to} className={linkClassName}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
