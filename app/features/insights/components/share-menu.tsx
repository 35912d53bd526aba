import { Link2, Share2 } from "lucide-react";
import { SocialIcon } from "~/components/social-icons";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { INSTAGRAM_URL, type InsightPost, shareIntentUrls } from "../schema";

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
 * menu closes this one. Non-modal, as the account menu (decision 005).
 */
export function ShareMenu({ post, articleUrl }: { post: Pick<InsightPost, "title" | "excerpt">; articleUrl: string }) {
  const intents = shareIntentUrls(post, articleUrl);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Share "${post.title}"`}>
          <Share2 className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
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
