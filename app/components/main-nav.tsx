import { cn } from "~/lib/utils";
import { SectionLink, type SiteLink, useIsCurrentLink } from "./section-link";

const MAIN_NAV: SiteLink[] = [
  { label: "Home", to: "/", section: "home" },
  { label: "About", to: "/about" },
  { label: "Podcast", to: "/podcast", section: "podcast" },
  { label: "Contact", to: "/contact", section: "contact" },
  { label: "Briefing", to: "/briefing" },
];

type MainNavProps = {
  label: string;
  className?: string;
  listClassName?: string;
  linkClassName?: string;
  /** Called after a link is chosen, e.g. to close the mobile menu. */
  onLinkClick?: () => void;
};

/** The header's navigation, shared by the desktop bar and the mobile menu. */
export function MainNav({ label, className, listClassName, linkClassName, onLinkClick }: MainNavProps) {
  const isCurrent = useIsCurrentLink();
  return (
    <nav aria-label={label} className={className}>
      <ul className={listClassName}>
        {MAIN_NAV.map((link) => (
          <li key={link.label}>
            <SectionLink
              to={link.to}
              section={link.section}
              aria-current={isCurrent(link) ? "page" : undefined}
              onClick={onLinkClick}
              className={cn(
                "rounded-md font-medium text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:bg-accent aria-[current=page]:text-foreground",
                linkClassName,
              )}
            >
              {link.label}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
