import type { ComponentProps, ReactNode } from "react";
import { SOCIAL_PLATFORM_ATTRIBUTE, trackSocialClick } from "~/lib/analytics";
import type { SocialPlatform, SocialProfile } from "~/lib/site-config";
import { cn } from "~/lib/utils";

/**
 * lucide-react ships no brand marks, so these are simple line drawings in lucide's style (24 px grid, 2 px stroke).
 * They are decorative: the link around each one carries the accessible name.
 */
const drawings: Record<SocialPlatform, ReactNode> = {
  twitter: (
    <>
      <path d="M4 4h4.5L20 20h-4.5Z" />
      <path d="m20 4-6.6 7.5M10.6 12.5 4 20" />
    </>
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="m10 9 5 3-5 3Z" />
    </>
  ),
  linkedin: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="3" />
      <path d="M7 10v7M7 7v.01M11 17v-7M11 13.5a3 3 0 0 1 6 0V17" />
    </>
  ),
  instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  bluesky: (
    <path d="M12 11C10.2 7.5 6.6 4.5 4.3 4.5 2.8 4.5 2 5.5 2 7c0 2 .8 4.2 3.5 5-2.4.8-3 2.7-1.7 4 2 2 4.9 1.2 8.2-3.5 3.3 4.7 6.2 5.5 8.2 3.5 1.3-1.3.7-3.2-1.7-4 2.7-.8 3.5-3 3.5-5 0-1.5-.8-2.5-2.3-2.5-2.3 0-5.9 3-7.7 6.5Z" />
  ),
  tiktok: <path d="M13.5 3v11.5A3.5 3.5 0 1 1 10 11m3.5-8A5 5 0 0 0 18.5 8" />,
  facebook: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M15.5 7.5H14a2.5 2.5 0 0 0-2.5 2.5v12M8.5 13h6" />
    </>
  ),
};

export function SocialIcon({ platform, ...props }: ComponentProps<"svg"> & { platform: SocialPlatform }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {drawings[platform]}
    </svg>
  );
}

/**
 * An icon link to one of the show's social profiles, opened in a new tab and named by the profile's label; a click is
 * reported to analytics with the platform as its label.
 */
export function SocialIconLink({ profile, className, ...props }: ComponentProps<"a"> & { profile: SocialProfile }) {
  return (
    <a
      onClick={() => trackSocialClick(profile.platform)}
      {...{ [SOCIAL_PLATFORM_ATTRIBUTE]: profile.platform }}
      href={profile.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={profile.label}
      className={cn(
        "inline-flex size-10 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
      {...props}
    >
      <SocialIcon platform={profile.platform} className="size-5" />
    </a>
  );
}
