import { Crown, LayoutDashboard, LogIn, LogOut, UserRound } from "lucide-react";
import { useId, useRef } from "react";
import { Link } from "react-router";
import { trackEvent } from "~/lib/analytics";
import type { CurrentUser } from "~/lib/current-user";
import { useRootData } from "~/lib/use-root-data";
import { Button } from "./ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";

export const SIGN_OUT_PATH = "/api/logout";

/** Spec section 2: first name, else the part of the email before the @, else "Member". */
export function accountDisplayName(user: Pick<CurrentUser, "firstName" | "email">): string {
  return user.firstName?.trim() || user.email?.split("@")[0] || "Member";
}

const trackAccountMenu = (name: "login" | "logout") =>
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

/**
 * The avatar menu. Non-modal: a modal menu hides the rest of the page with aria-hidden while its links stay focusable
 * (axe's aria-hidden-focus); outside clicks, Escape and Tab still close it. Signed out, Sign In opens the sign-up modal
 * (`onSignIn`).
 */
export function AccountMenu({ onSignIn }: { onSignIn: () => void }) {
  const hintId = useId();
  const { user } = useRootData();
  // The modal opens once the menu has closed and focus is back on its button, so that closing the modal returns
  // focus there rather than to the menu item that no longer exists.
  const signInChosen = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="ghost" size="icon" aria-label="Account menu" className="rounded-full">
          <AccountAvatar user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-64"
        onCloseAutoFocus={(event) => {
          if (!signInChosen.current) return;
          signInChosen.current = false;
          event.preventDefault();
          triggerRef.current?.focus();
          onSignIn();
        }}
      >
        {user ? (
          <>
            <DropdownMenuLabel className="flex flex-col gap-0.5">
              <span className="truncate font-medium">{accountDisplayName(user)}</span>
              {user.email && <span className="truncate text-muted-foreground text-xs">{user.email}</span>}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to="/members/dashboard">
                <LayoutDashboard aria-hidden="true" />
                My Account
              </Link>
            </DropdownMenuItem>
            {user.membershipTier === "premium" && (
              <DropdownMenuItem asChild>
                <Link to="/members/premium-content">
                  <Crown aria-hidden="true" />
                  Premium Content
                </Link>
              </DropdownMenuItem>
            )}
            <DropdownMenuItem asChild>
              <a href={SIGN_OUT_PATH} onClick={() => trackAccountMenu("logout")}>
                <LogOut aria-hidden="true" />
                Sign Out
              </a>
            </DropdownMenuItem>
          </>
        ) : (
          <>
            <DropdownMenuItem
              aria-describedby={hintId}
              onSelect={() => {
                trackAccountMenu("login");
                signInChosen.current = true;
              }}
            >
              <LogIn aria-hidden="true" />
              Sign In
            </DropdownMenuItem>
            <p id={hintId} className="px-2 pt-1 pb-2 text-muted-foreground text-xs leading-relaxed">
              Sign up to get notified about new episodes and exclusive updates
            </p>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
