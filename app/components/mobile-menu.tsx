import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useRootData } from "~/lib/use-root-data";
import { cn } from "~/lib/utils";
import { AccountAvatar, accountDisplayName, SIGN_OUT_PATH } from "./account-menu";
import { MainNav } from "./main-nav";
import { Button } from "./ui/button";

const memberLinkClass =
  "block rounded-md px-3 py-3 text-base text-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * Below the md breakpoint: a disclosure button and a panel under the header that repeats the navigation, then the
 * member's block and links, or Sign In / Join (which opens the sign-up modal, `onSignIn`).
 * The panel slides and fades over 0.3 s (spec section 9); `invisible` keeps it out of the tab order when closed.
 */
export function MobileMenu({ onSignIn }: { onSignIn: () => void }) {
  const { user } = useRootData();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const { pathname } = useLocation();
  const [shownPathname, setShownPathname] = useState(pathname);
  if (pathname !== shownPathname) {
    setShownPathname(pathname);
    setOpen(false);
  }

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector("a")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={open ? "Close menu" : "Open menu"}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </Button>
      <div
        id={panelId}
        ref={panelRef}
        data-state={open ? "open" : "closed"}
        className={cn(
          "absolute inset-x-0 top-full border-border border-b bg-background px-4 pt-2 pb-6 shadow-lg md:hidden",
          "duration-300 ease-out motion-reduce:transition-none",
          // Visibility changes at once on opening, so the first link can take focus, and only after the fade on closing.
          open
            ? "visible translate-y-0 opacity-100 transition-[opacity,translate]"
            : "invisible -translate-y-2 opacity-0 transition-[opacity,translate,visibility]",
        )}
      >
        <MainNav
          label="Mobile"
          listClassName="flex flex-col gap-1"
          linkClassName="block px-3 py-3 text-base"
          onLinkClick={close}
        />
        {user ? (
          <div className="mt-4 border-border border-t pt-4">
            <div className="flex items-center gap-3 px-3 pb-2">
              <AccountAvatar user={user} />
              <div className="min-w-0">
                <p className="truncate font-medium">{accountDisplayName(user)}</p>
                {user.email && <p className="truncate text-muted-foreground text-sm">{user.email}</p>}
              </div>
            </div>
            <ul aria-label="Your account" className="flex flex-col gap-1">
              <li>
                <Link to="/members/dashboard" className={memberLinkClass} onClick={close}>
                  Dashboard
                </Link>
              </li>
              <li>
                <Link to="/members/profile" className={memberLinkClass} onClick={close}>
                  Profile Settings
                </Link>
              </li>
              {user.membershipTier === "premium" && (
                <li>
                  <Link to="/members/premium-content" className={memberLinkClass} onClick={close}>
                    Premium Content
                  </Link>
                </li>
              )}
              <li>
                <a href={SIGN_OUT_PATH} className={memberLinkClass}>
                  Sign Out
                </a>
              </li>
            </ul>
          </div>
        ) : (
          <Button
            type="button"
            className="mt-4 w-full"
            onClick={() => {
              close();
              onSignIn();
            }}
          >
            Sign In / Join
          </Button>
        )}
      </div>
    </>
  );
}
