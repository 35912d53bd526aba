import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import type { SiteSettings } from "~/lib/site-config";
import { cn } from "~/lib/utils";
import { AccountMenu } from "./account-menu";
import { MainNav } from "./main-nav";
import { MobileMenu } from "./mobile-menu";
import { SocialIconLink } from "./social-icons";
import { Tooltip } from "./ui/tooltip";

/** The header shows the short-message network and the video platform; the footer shows them all. */
const headerSocial = (social: SiteSettings["social"]) =>
  social.filter(({ platform }) => platform === "twitter" || platform === "youtube");

/** Spec section 9: the header turns opaque once the page is scrolled at all. */
function useIsScrolled() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 0);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return scrolled;
}

/**
 * `onSignIn` opens the sign-up modal, and `notice` is a standing line under the navigation, both of which the root
 * composes (components import no feature).
 */
export function SiteHeader({
  settings,
  onSignIn,
  notice,
}: {
  settings: Pick<SiteSettings, "showName" | "social">;
  onSignIn: () => void;
  notice?: ReactNode;
}) {
  const scrolled = useIsScrolled();
  return (
    <header
      data-site-header=""
      data-scrolled={scrolled}
      className={cn(
        "fixed inset-x-0 top-0 z-50 border-b transition-colors duration-300",
        scrolled ? "border-border bg-background/90 backdrop-blur-md" : "border-transparent bg-transparent",
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 lg:gap-4">
        <Link
          to="/"
          className="truncate rounded-md font-bold text-base text-foreground tracking-tight lg:text-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {settings.showName}
        </Link>
        <MainNav
          label="Main"
          className="hidden md:block"
          listClassName="flex items-center gap-1"
          linkClassName="block px-2 py-2 lg:px-3"
        />
        <div className="flex shrink-0 items-center gap-1">
          {headerSocial(settings.social).map((profile) => (
            <Tooltip key={profile.platform} content={profile.label}>
              <SocialIconLink profile={profile} className="hidden sm:inline-flex" />
            </Tooltip>
          ))}
          <AccountMenu onSignIn={onSignIn} />
          <MobileMenu onSignIn={onSignIn} />
        </div>
      </div>
      {notice}
    </header>
  );
}
