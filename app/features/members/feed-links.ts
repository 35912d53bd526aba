/** Tiers that get a private feed: Basic (early access) and Premium (premium episodes too). */
export const hasPrivateFeed = (tier: string) => tier === "basic" || tier === "premium";

/** The private feed's path; the token is a 43-character URL-safe secret. */
export const privateFeedPath = (token: string) => `/feeds/${token}.xml`;

/** Buttons that hand the feed to a podcast app, by each app's documented subscribe address. */
export function podcastAppLinks(feedUrl: string): { name: string; href: string }[] {
  const withoutScheme = feedUrl.replace(/^https?:\/\//, "");
  return [
    { name: "Apple Podcasts", href: `podcast://${withoutScheme}` },
    { name: "Overcast", href: `overcast://x-callback-url/add?url=${encodeURIComponent(feedUrl)}` },
    { name: "Pocket Casts", href: `pktc://subscribe/${withoutScheme}` },
  ];
}

/**
 * One part of an episode a private feed names (`audio` for its enclosure, `transcript`, `artwork`, `chapters`): the
 * member's tier is checked on every request.
 */
export const privateFeedPartPath = (token: string, part: string, episodeId: number) =>
  `/feeds/${token}/${part}/${episodeId}`;
