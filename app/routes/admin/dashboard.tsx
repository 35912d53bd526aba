import { PAYING_SUBSCRIPTION_STATUSES } from "~/features/membership/billing.server";
import { MONTHLY_PRICE_USD } from "~/features/membership/plans";
import { readShowAtAGlance } from "~/features/owner/at-a-glance.server";
import { AdminLoginForm } from "~/features/owner/components/admin-login-form";
import { ShowAtAGlance } from "~/features/owner/components/show-at-a-glance";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard";
import { DashboardTabs } from "./dashboard-tabs";
import { loadDashboardTabs } from "./dashboard-tabs.server";

export const meta: Route.MetaFunction = (args) =>
  args.loaderData?.view === "dashboard"
    ? pageMeta(args, {
        title: "Admin Dashboard",
        description: "The show at a glance, contact messages, guest applications, subscribers and episodes.",
        noIndex: true,
      })
    : pageMeta(args, { title: "Admin Login", description: "Sign in to the admin area.", noIndex: true });

/** /admin: the login form for a visitor (spec section 2); for the owner, the show at a glance above the dashboard's tabs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { isOwner } = await getViewer(db, request);
  if (!isOwner) return { view: "login" as const };
  const now = new Date();
  const [glance, tabs] = await Promise.all([
    readShowAtAGlance(db, now, { payingStatuses: PAYING_SUBSCRIPTION_STATUSES, monthlyPriceUsd: MONTHLY_PRICE_USD }),
    loadDashboardTabs(db, now),
  ]);
  return { view: "dashboard" as const, glance, tabs };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "login") {
    return (
      <main id="main" className="mx-auto max-w-5xl px-4 pt-32 pb-16">
        <AdminLoginForm />
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="font-bold text-4xl tracking-tight">Admin Dashboard</h1>
      <div className="mt-8">
        <ShowAtAGlance glance={loaderData.glance} />
      </div>
      <DashboardTabs data={loaderData.tabs} className="mt-10" />
    </main>
  );
}
