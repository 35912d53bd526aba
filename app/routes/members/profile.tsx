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
  const { db } = context.get(appContext);
  const { email, firstName, lastName, profileImageUrl, membershipTier } = await requireUserForPage(db, request);
  return { member: { email, firstName, lastName, profileImageUrl, membershipTier } };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MemberProfile member={loaderData.member} />;
}
