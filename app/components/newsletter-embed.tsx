import { useEffect, useState } from "react";
import { cn } from "~/lib/utils";

/**
 * The newsletter platform's sign-up form. The cache-busting timestamp is added after mount, so the server's HTML and
 * the first client render agree; until then the frame stays blank.
 */
export function NewsletterEmbed({
  embedUrl,
  height,
  className,
}: {
  embedUrl: string;
  height: number;
  className?: string;
}) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    const url = new URL(embedUrl);
    url.searchParams.set("t", String(Date.now()));
    setSrc(url.toString());
  }, [embedUrl]);
  return (
    <iframe
      src={src}
      title="Subscribe to The Briefing newsletter"
      height={height}
      loading="lazy"
      className={cn("w-full rounded-md border border-border bg-card", className)}
    />
  );
}
