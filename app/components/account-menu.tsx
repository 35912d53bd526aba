import { LogIn, UserRound } from "lucide-react";
import { useId } from "react";
import { Button } from "./ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./ui/dropdown-menu";

/** Members sign in through the server; the endpoint arrives with the members area. */
export const SIGN_IN_PATH = "/api/login";

/**
 * The avatar menu of a signed-out visitor. Non-modal: a modal menu hides the rest of the page with aria-hidden while
 * its links stay focusable (axe's aria-hidden-focus); outside clicks, Escape and Tab still close it.
 */
export function AccountMenu() {
  const hintId = useId();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Account menu" className="rounded-full">
          <span className="flex size-8 items-center justify-center rounded-full border border-border bg-secondary">
            <UserRound className="size-4" aria-hidden="true" />
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuItem asChild aria-describedby={hintId}>
          <a href={SIGN_IN_PATH}>
            <LogIn aria-hidden="true" />
            Sign In
          </a>
        </DropdownMenuItem>
        <p id={hintId} className="px-2 pt-1 pb-2 text-muted-foreground text-xs leading-relaxed">
          Sign up to get notified about new episodes and exclusive updates
        </p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
