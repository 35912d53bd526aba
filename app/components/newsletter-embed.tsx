import { useEffect, useState } from "react";
import { useScriptFree } from "~/hooks/use-script-free";
import { NEWSLETTER_PLACEMENT_ATTRIBUTE, type NewsletterPlacement, trackNewsletterLoad } from "~/lib/analytics";
import { cn } from "~/lib/utils";

function withTimestamp(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.searchParams.set("t", String(Date.now()));
  return url.toString();
}

/**
 * The newsletter platform's sign-up form. The cache-busting timestamp is added after mount, so the server's HTML and
 * the first client render agree; until then the frame stays blank. On a page that ships no script the server adds it,
 * at the time it renders the page. Each load of the form is reported to analytics as
 * newsletter_signup with where the form sits (spec section 7).
 */
export function NewsletterEmbed({
  embedUrl,
  newsletterName,
  height,
  placement,
  className,
}: {
  embedUrl: string;
  newsletterName: string;
  height: number;
  placement: NewsletterPlacement;
  className?: string;
}) {
  const scriptFree = useScriptFree();
  const [src, setSrc] = useState(() => (scriptFree ? withTimestamp(embedUrl) : undefined));
  useEffect(() => {
    setSrc(withTimestamp(embedUrl));
  }, [embedUrl]);
  return (
    <iframe
      src={src}
      title={`Subscribe to ${newsletterName} newsletter`}
      height={height}
      loading="lazy"
      onLoad={src ? () => trackNewsletterLoad(placement) : undefined}
      {...{ [NEWSLETTER_PLACEMENT_ATTRIBUTE]: placement }}
      className={cn("w-full rounded-md border border-border bg-card", className)}
    />
  );
}
