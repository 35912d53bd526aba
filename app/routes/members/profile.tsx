import {
  PersonalInformationForm,
  PrivateFeedSection,
  YourDataSection,
} from "~/features/members/components/member-account-sections";
import { hasPrivateFeed, privateFeedPath } from "~/features/members/feed-links";
import { memberFeedToken } from "~/features/members/member-feed.server";
import { MemberProfile } from "~/features/membership/components/member-profile";
import { appContext } from "~/lib/app-context.server";
import { requireUserForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { memberBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Profile Settings",
    description: "Your member profile.",
    noIndex: true,
    structuredData: ({ siteUrl }) => [
      memberBreadcrumbJsonLd(siteUrl, { name: "Profile Settings", path: "/members/profile" }),
    ],
  });

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const { id, email, firstName, lastName, profileImageUrl, membershipTier } = await requireUserForPage(db, request);
  const feedUrl = hasPrivateFeed(membershipTier)
    ? `${env.SITE_URL}${privateFeedPath(await memberFeedToken(db, id))}`
    : null;
  return { member: { email, firstName, lastName, profileImageUrl, membershipTier }, feedUrl };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { member, feedUrl } = loaderData;
  return (
    <MemberProfile member={member}>
      <PersonalInformationForm member={member} />
      {feedUrl ? <PrivateFeedSection feedUrl={feedUrl} premium={member.membershipTier === "premium"} /> : null}
      <YourDataSection />
    </MemberProfile>
  );
}
