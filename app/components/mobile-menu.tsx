import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { Link } from "react-router";
import { usePopoverMenu } from "~/hooks/use-popover-menu";
import { useRootData } from "~/hooks/use-root-data";
import { SIGN_UP_DIALOG_ID } from "~/lib/sign-up-dialog";
import { cn } from "~/lib/utils";
import { AccountAvatar, accountDisplayName, SIGN_OUT_PATH } from "./account-menu";
import { MainNav } from "./main-nav";
import { Button } from "./ui/button";

const memberLinkClass =
  "block rounded-md px-3 py-3 text-base text-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * Below the md breakpoint: a disclosure button and a panel under the header that repeats the navigation, then the
 * member's block and links, or Sign In / Join (which opens the sign-up modal, `onSignIn`).
 * The panel is the platform's popover, so the button opens it, and Escape or a click outside closes it, with or
 * without scripts; the scripts add what the platform does not: the first link takes focus, the button's label and
 * icon follow, and a link chosen in the page closes it. It slides and fades over 0.3 s (spec section 9).
 */
export function MobileMenu({ onSignIn }: { onSignIn: () => void }) {
  const { user } = useRootData();
  const { open, close, buttonProps, panelProps } = usePopoverMenu((panel) => panel.querySelector("a"));

  return (
    <>
      <Button
        {...buttonProps}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={open ? "Close menu" : "Open menu"}
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      </Button>
      <div
        {...panelProps}
        data-state={open ? "open" : "closed"}
        className={cn(
          // A popover sits in the top layer, placed against the viewport: just under the fixed header (h-16).
          "fixed inset-x-0 top-16 bottom-auto m-0 h-auto w-full max-w-none border-0 border-border border-b bg-background px-4 pt-2 pb-6 text-foreground shadow-lg md:hidden",
          // Display and the top layer change only after the fade on closing; @starting-style gives the fade in.
          "-translate-y-2 opacity-0 open:translate-y-0 open:opacity-100 starting:open:-translate-y-2 starting:open:opacity-0",
          "transition-[opacity,translate,display,overlay] transition-discrete duration-300 ease-out motion-reduce:transition-none",
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
            // Without scripts the platform opens the sign-up modal; with them the menu first gives focus back to
            // its button, so that closing the modal returns it there.
            commandfor={SIGN_UP_DIALOG_ID}
            command="show-modal"
            onClick={(event) => {
              event.preventDefault();
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
