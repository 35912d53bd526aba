import { billingFor, readBillingState } from "~/features/membership/billing.server";
import { MemberDashboard } from "~/features/membership/components/member-dashboard";
import { appContext } from "~/lib/app-context.server";
import { requireUserForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { memberBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Member Dashboard",
    description: "Your membership, account information and member content.",
    noIndex: true,
    structuredData: ({ siteUrl }) => [
      memberBreadcrumbJsonLd(siteUrl, { name: "Member Dashboard", path: "/members/dashboard" }),
    ],
  });

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const { id, email, firstName, lastName, membershipTier } = await requireUserForPage(db, request);
  return {
    member: { email, firstName, lastName, membershipTier },
    billing: await readBillingState(db, billingFor(env), id),
    paymentReceived: new URL(request.url).searchParams.get("checkout") === "success",
  };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MemberDashboard {...loaderData} />;
}
