import { useEffect, useState } from "react";
import { Link } from "react-router";
import { siteConfig } from "~/lib/site-config";
import { cn } from "~/lib/utils";
import { AccountMenu } from "./account-menu";
import { MainNav } from "./main-nav";
import { MobileMenu } from "./mobile-menu";
import { SocialIconLink } from "./social-icons";
import { Tooltip, TooltipContent, TooltipTrigger } from "./ui/tooltip";

/** The header shows the short-message network and the video platform; the footer shows them all. */
const HEADER_SOCIAL = siteConfig.social.filter(({ platform }) => platform === "twitter" || platform === "youtube");

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

/** `onSignIn` opens the sign-up modal, which the root composes (components import no feature). */
export function SiteHeader({ onSignIn }: { onSignIn: () => void }) {
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
          {siteConfig.showName}
        </Link>
        <MainNav
          label="Main"
          className="hidden md:block"
          listClassName="flex items-center gap-1"
          linkClassName="block px-2 py-2 lg:px-3"
        />
        <div className="flex shrink-0 items-center gap-1">
          {HEADER_SOCIAL.map((profile) => (
            <Tooltip key={profile.platform}>
              <TooltipTrigger asChild>
                <SocialIconLink profile={profile} className="hidden sm:inline-flex" />
              </TooltipTrigger>
              <TooltipContent>{profile.label}</TooltipContent>
            </Tooltip>
          ))}
          <AccountMenu onSignIn={onSignIn} />
          <MobileMenu onSignIn={onSignIn} />
        </div>
      </div>
    </header>
  );
}
