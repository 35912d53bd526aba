import { type ComponentProps, type MouseEvent, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { goToSection, HOME_SECTION_ID, LOCATION_HASH_EVENT } from "~/lib/scroll-to-section";

const HOME_PATH = "/";

function subscribeToHash(onChange: () => void) {
  const events = ["hashchange", "popstate", LOCATION_HASH_EVENT];
  for (const name of events) window.addEventListener(name, onChange);
  return () => {
    for (const name of events) window.removeEventListener(name, onChange);
  };
}

/** The address bar's hash; React Router's location misses hashes set in place by goToSection. */
function useLocationHash(): string {
  return useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => "",
  );
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

type SectionLinkProps = Omit<ComponentProps<typeof Link>, "to"> & {
  /** Where the link goes from any page but the home page. */
  to: string;
  /** The home-page section it scrolls to instead, when it has one. */
  section?: string;
};

/** A link that, on the home page, scrolls to its section and sets the hash instead of navigating. */
export function SectionLink({ to, section, onClick, ...props }: SectionLinkProps) {
  const { pathname } = useLocation();
  if (!section || pathname !== HOME_PATH) return <Link to={to} onClick={onClick} {...props} />;
  return (
    <Link
      to={section === HOME_SECTION_ID ? HOME_PATH : `${HOME_PATH}#${section}`}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event)) return;
        event.preventDefault();
        goToSection(section);
      }}
      {...props}
    />
  );
}

export type SiteLink = { label: string; to: string; section?: string };

/** The item to mark as the current page: by hash on the home page (Home when there is none), else by path. */
export function useIsCurrentLink(): (link: SiteLink) => boolean {
  const { pathname } = useLocation();
  const hash = useLocationHash();
  return (link) => {
    if (pathname === HOME_PATH) {
      return link.section === HOME_SECTION_ID ? hash === "" : link.section !== undefined && hash === `#${link.section}`;
    }
    return link.to !== HOME_PATH && (pathname === link.to || pathname.startsWith(`${link.to}/`));
  };
}
