import { hasPrivateFeed, privateFeedPath } from "~/features/members/feed-links";
import {
  FEED_MEMBERSHIP_REQUIRED_MESSAGE,
  memberFeedToken,
  regenerateMemberFeed,
} from "~/features/members/member-feed.server";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { type CurrentUser, requireUserForApi } from "~/lib/auth.server";
import type { Route } from "./+types/feed";

async function requireFeedMember(db: Parameters<typeof requireUserForApi>[0], request: Request) {
  const user = await requireUserForApi(db, request);
  if (!hasPrivateFeed(user.membershipTier))
    throw Response.json({ success: false, message: FEED_MEMBERSHIP_REQUIRED_MESSAGE }, { status: 403 });
  return user;
}

const feedReply = (message: string, siteUrl: string, token: string) => ({
  success: true,
  message,
  data: { feedUrl: `${siteUrl}${privateFeedPath(token)}` },
});

/** GET /api/members/feed: the member's private feed address (made on first use). Basic and Premium only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const user: CurrentUser = await requireFeedMember(db, request);
  return feedReply("Private feed", env.SITE_URL, await memberFeedToken(db, user.id));
}

/** POST /api/members/feed: a new private feed address; the old one stops at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  const user = await requireFeedMember(db, request);
  if (request.method !== "POST") return methodNotAllowed();
  return feedReply("Private Feed Regenerated", env.SITE_URL, await regenerateMemberFeed(db, user.id));
}
