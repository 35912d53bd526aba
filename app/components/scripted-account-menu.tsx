import { Crown, LayoutDashboard, LogIn, LogOut } from "lucide-react";
import { useId, useRef } from "react";
import { Link } from "react-router";
import { useRootData } from "~/hooks/use-root-data";
import { AccountAvatar, accountDisplayName, SIGN_OUT_PATH, trackAccountMenu } from "./account-menu";
import { Button } from "./ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";

/**
 * The avatar menu once it is first wanted (before, the popover in account-menu.tsx). Non-modal: a modal menu hides the
 * rest of the page with aria-hidden while its links stay focusable (axe's aria-hidden-focus); outside clicks, Escape
 * and Tab still close it. Signed out, Sign In opens the sign-up modal (`onSignIn`). `defaultOpen`: the popover it
 * replaces was open, so it opens in its place.
 */
export function ScriptedAccountMenu({ onSignIn, defaultOpen }: { onSignIn: () => void; defaultOpen: boolean }) {
  const hintId = useId();
  const { user } = useRootData();
  // The modal opens once the menu has closed and focus is back on its button, so that closing the modal returns
  // focus there rather than to the menu item that no longer exists.
  const signInChosen = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
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
