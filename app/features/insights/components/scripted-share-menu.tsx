import { Link2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { SocialIcon } from "~/components/social-icons";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { INSTAGRAM_URL, shareIntentUrls } from "../schema";
import { ShareButton, type ShareMenuProps } from "./share-menu";

async function copyToClipboard(text: string) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    // Spec section 8: a copy failure is only logged.
    console.error("Could not copy the link:", error);
  }
}

/**
 * Spec section 2: share to the professional and short-message networks, copy the link, or copy it and open the
 * photo-sharing site. Radix closes the menu after each action and on an outside click, and opening another card's
 * menu closes this one. Non-modal, as the account menu (decision 005). It takes the place of share-menu.tsx's button
 * once wanted: open when that button was pressed (`openedBy`), its trigger focused when that button had focus.
 */
export function ScriptedShareMenu({
  post,
  articleUrl,
  openedBy,
  focusTrigger,
}: ShareMenuProps & { openedBy: "pointer" | "keyboard" | null; focusTrigger: boolean }) {
  const intents = shareIntentUrls(post, articleUrl);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusFirstItem = useRef(openedBy === "keyboard");
  useEffect(() => {
    if (focusTrigger && !openedBy) triggerRef.current?.focus();
  }, [focusTrigger, openedBy]);
  return (
    <DropdownMenu modal={false} defaultOpen={openedBy !== null}>
      <DropdownMenuTrigger asChild>
        <ShareButton ref={triggerRef} postTitle={post.title} />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        onFocus={(event) => {
          // The menu focuses itself on opening; opened from the keyboard, its first item takes focus instead.
          if (!focusFirstItem.current || event.target !== event.currentTarget) return;
          focusFirstItem.current = false;
          event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
        }}
      >
        <DropdownMenuItem asChild>
          <a href={intents.linkedin} target="_blank" rel="noopener noreferrer">
            <SocialIcon platform="linkedin" />
            Share on LinkedIn
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={intents.twitter} target="_blank" rel="noopener noreferrer">
            <SocialIcon platform="twitter" />
            Share on X (Twitter)
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => copyToClipboard(articleUrl)}>
          <Link2 aria-hidden />
          Copy link
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={async () => {
            await copyToClipboard(articleUrl);
            window.open(INSTAGRAM_URL, "_blank", "noopener,noreferrer");
          }}
        >
          <SocialIcon platform="instagram" />
          Copy link and open Instagram
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
