import { hasPrivateFeed, privateFeedPath } from "~/features/members/feed-links";
import {
  FEED_MEMBERSHIP_REQUIRED_MESSAGE,
  memberFeedToken,
  regenerateMemberFeed,
} from "~/features/members/member-feed.server";
import { apiCall } from "~/lib/api-calls.server";
import type { MembershipTier } from "~/lib/auth.server";

const MEMBERSHIP_TIERS: MembershipTier[] = ["free", "basic", "premium"];

/** Basic and Premium only: a free member is told why. */
const access = {
  tier: MEMBERSHIP_TIERS.filter(hasPrivateFeed),
  forbiddenMessage: FEED_MEMBERSHIP_REQUIRED_MESSAGE,
} as const;

const feedReply = (message: string, siteUrl: string, token: string) => ({
  success: true,
  message,
  data: { feedUrl: `${siteUrl}${privateFeedPath(token)}` },
});

export const calls = [
  /** The member's private feed address (made on first use). */
  apiCall({
    method: "GET",
    path: "/api/members/feed",
    access,
    handler: async ({ db, context, user }) =>
      feedReply("Private feed", context.env.SITE_URL, await memberFeedToken(db, user.id)),
  }),
  /** A new private feed address; the old one stops at once. */
  apiCall({
    method: "POST",
    path: "/api/members/feed",
    access,
    handler: async ({ db, context, user }) =>
      feedReply("Private Feed Regenerated", context.env.SITE_URL, await regenerateMemberFeed(db, user.id)),
  }),
];
