import { UpgradePlans } from "~/features/membership/components/upgrade-plans";
import { submitUpgradeForm } from "~/features/membership/membership-forms.server";
import { MEMBERSHIP_FAQ } from "~/features/membership/plans";
import { readPostedForm } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireUserForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { faqPageJsonLd, memberBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/upgrade";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Upgrade Your Membership",
    description: "Compare the Basic and Premium memberships.",
    noIndex: true,
    structuredData: ({ siteUrl }) => [
      faqPageJsonLd(MEMBERSHIP_FAQ),
      memberBreadcrumbJsonLd(siteUrl, { name: "Upgrade Your Membership", path: "/members/upgrade" }),
    ],
  });

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { membershipTier } = await requireUserForPage(db, request);
  return { currentTier: membershipTier };
}

/** A plan's Upgrade button posted before the page's scripts ran (decision 052). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = await requireUserForPage(app.db, request);
  return submitUpgradeForm(app, user, await readPostedForm(request));
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 pt-28 pb-16">
      <h1 className="font-bold text-4xl tracking-tight">Upgrade Your Membership</h1>
      <UpgradePlans currentTier={loaderData.currentTier} posted={actionData} />
    </main>
  );
}
