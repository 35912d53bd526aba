import Crown from "lucide-react/icons/crown";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import LogIn from "lucide-react/icons/log-in";
import LogOut from "lucide-react/icons/log-out";
import UserRound from "lucide-react/icons/user-round";
import { useId, useState } from "react";
import { useComponentWhen } from "~/hooks/use-component-when";
import { useHydrated } from "~/hooks/use-hydrated";
import { useRootData } from "~/hooks/use-root-data";
import { trackEvent } from "~/lib/analytics";
import type { CurrentUser } from "~/lib/current-user";
import { SIGN_UP_DIALOG_ID } from "~/lib/sign-up-dialog";
import { cn } from "~/lib/utils";
import { Button } from "./ui/button";

export const SIGN_OUT_PATH = "/api/logout";

/** Spec section 2: first name, else the part of the email before the @, else "Member". */
export function accountDisplayName(user: Pick<CurrentUser, "firstName" | "email">): string {
  return user.firstName?.trim() || user.email?.split("@")[0] || "Member";
}

export const trackAccountMenu = (name: "login" | "logout") =>
  trackEvent({ name, category: "membership", label: "account_menu" });

/** The member's photo, else the first letter of their name. */
export function AccountAvatar({ user }: { user: CurrentUser | null }) {
  return (
    <span className="flex size-8 items-center justify-center overflow-hidden rounded-full border border-border bg-secondary text-sm font-semibold">
      {user?.profileImageUrl ? (
        <img src={user.profileImageUrl} alt="" className="size-full object-cover" />
      ) : user ? (
        accountDisplayName(user).charAt(0).toUpperCase()
      ) : (
        <UserRound className="size-4" aria-hidden="true" />
      )}
    </span>
  );
}

const panelItemClass =
  "flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none [&_svg]:size-4";

/**
 * The avatar menu as the server renders it, for a page without scripts (or before they run): the platform's popover
 * of links, opened by the avatar button and closed by Escape or a click outside; Sign In opens the sign-up modal
 * (`commandfor`). Without the script that moves between items with the arrow keys it is a list of links, not a menu.
 */
function AccountPopover({ onWanted, onToggle }: { onWanted: () => void; onToggle: (open: boolean) => void }) {
  const panelId = useId();
  const hintId = useId();
  const { user } = useRootData();
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Account menu"
        className="rounded-full"
        popoverTarget={panelId}
        onPointerEnter={onWanted}
        onFocus={onWanted}
        onPointerDown={onWanted}
      >
        <AccountAvatar user={user} />
      </Button>
      <div
        id={panelId}
        popover="auto"
        onToggle={(event) => onToggle(event.newState === "open")}
        className={cn(
          // A popover sits in the top layer, placed against the viewport: under the header's right end.
          "fixed top-16 right-4 left-auto m-0 w-64 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg",
          "opacity-0 open:opacity-100 starting:open:opacity-0 transition-[opacity,display,overlay] transition-discrete duration-200 motion-reduce:transition-none",
        )}
      >
        {user ? (
          <>
            <p className="flex flex-col gap-0.5 px-2 py-1.5 text-sm">
              <span className="truncate font-medium">{accountDisplayName(user)}</span>
              {user.email && <span className="truncate text-muted-foreground text-xs">{user.email}</span>}
            </p>
            <hr className="-mx-1 my-1 border-border" />
            <a href="/members/dashboard" className={panelItemClass}>
              <LayoutDashboard aria-hidden="true" />
              My Account
            </a>
            {user.membershipTier === "premium" && (
              <a href="/members/premium-content" className={panelItemClass}>
                <Crown aria-hidden="true" />
                Premium Content
              </a>
            )}
            <a href={SIGN_OUT_PATH} className={panelItemClass}>
              <LogOut aria-hidden="true" />
              Sign Out
            </a>
          </>
        ) : (
          <>
            <button
              type="button"
              aria-describedby={hintId}
              commandfor={SIGN_UP_DIALOG_ID}
              command="show-modal"
              className={panelItemClass}
            >
              <LogIn aria-hidden="true" />
              Sign In
            </button>
            <p id={hintId} className="px-2 pt-1 pb-2 text-muted-foreground text-xs leading-relaxed">
              Sign up to get notified about new episodes and exclusive updates
            </p>
          </>
        )}
      </div>
    </>
  );
}

/**
 * The popover until the menu is first wanted: a pointer over the avatar button, focus on it or a press loads the
 * scripted menu (Radix's, with arrow keys between items), which then takes the popover's place, open if the popover
 * was. So no page's first load carries the menu's code (docs/decisions/044-page-code-budget.md).
 */
export function AccountMenu({ onSignIn }: { onSignIn: () => void }) {
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(false);
  const [popoverOpen, setPopoverOpen] = useState(false);
  const ScriptedAccountMenu = useComponentWhen(hydrated && wanted, loadScriptedAccountMenu);
  if (ScriptedAccountMenu) return <ScriptedAccountMenu onSignIn={onSignIn} defaultOpen={popoverOpen} />;
  return <AccountPopover onWanted={() => setWanted(true)} onToggle={setPopoverOpen} />;
}

const loadScriptedAccountMenu = () => import("./scripted-account-menu").then((module) => module.ScriptedAccountMenu);
