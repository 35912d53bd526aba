import { billingFor, readBillingState } from "~/features/membership/billing.server";
import { MemberDashboard } from "~/features/membership/components/member-dashboard";
import { submitBillingForm } from "~/features/membership/membership-forms.server";
import { readPostedForm } from "~/lib/api.server";
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

/** The membership buttons posted before the page's scripts ran (decision 052). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUserForPage(app.db, request);
  return submitBillingForm(app, user, await readPostedForm(request));
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <MemberDashboard {...loaderData} posted={actionData} />;
}
