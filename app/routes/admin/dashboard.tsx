import { Link } from "react-router";
import { downloadsThisWeek } from "~/features/analytics/downloads-report.server";
import { PAYING_SUBSCRIPTION_STATUSES } from "~/features/membership/billing.server";
import { MONTHLY_PRICE_USD } from "~/features/membership/plans";
import { readShowAtAGlance } from "~/features/owner/at-a-glance.server";
import { AdminLoginForm } from "~/features/owner/components/admin-login-form";
import { ShowAtAGlance } from "~/features/owner/components/show-at-a-glance";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { hasRole, ROLES, STAFF_ROLE_LABELS } from "~/lib/staff-roles";
import type { Route } from "./+types/dashboard";
import { DashboardTabs } from "./dashboard-tabs";
import { loadDashboardTabs } from "./dashboard-tabs.server";

export const meta: Route.MetaFunction = (args) =>
  args.loaderData && args.loaderData.view !== "login"
    ? pageMeta(args, {
        title: "Admin Dashboard",
        description: "The show at a glance, contact messages, guest applications, subscribers and episodes.",
        noIndex: true,
      })
    : pageMeta(args, { title: "Admin Login", description: "Sign in to the admin area.", noIndex: true });

/** /admin: the login form for a visitor (spec section 2); for the owner, the show at a glance above the dashboard's tabs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { isOwner, staff } = await getViewer(db, request);
  if (!staff) return { view: "login" as const };
  // The summary and the tabs show members, revenue and messages: the owner's. Other roles start from the shell's links.
  const now = new Date();
  // Editors see the week's downloads as well: analytics are theirs too.
  const weekDownloads = hasRole(staff, ROLES.analytics) ? await downloadsThisWeek(db, now) : null;
  if (!isOwner) return { view: "staff" as const, role: STAFF_ROLE_LABELS[staff.role], weekDownloads };
  const [glance, tabs] = await Promise.all([
    readShowAtAGlance(db, now, { payingStatuses: PAYING_SUBSCRIPTION_STATUSES, monthlyPriceUsd: MONTHLY_PRICE_USD }),
    loadDashboardTabs(db, now),
  ]);
  return { view: "dashboard" as const, glance, tabs, weekDownloads };
}

/** Downloads in the last 7 days, counted by the IAB rules, and the way to the analytics screen. */
function WeekDownloads({ downloads }: { downloads: number | null }) {
  if (downloads === null) return null;
  return (
    <p className="mt-6 rounded-lg border border-border bg-card p-4">
      <span className="font-semibold text-2xl tabular-nums">{downloads}</span> downloads this week.{" "}
      <Link to="/admin/analytics" className="underline">
        See analytics
      </Link>
    </p>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "login") {
    return (
      <main id="main" className="mx-auto max-w-5xl px-4 pt-32 pb-16">
        <AdminLoginForm />
      </main>
    );
  }
  if (loaderData.view === "staff") {
    return (
      <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
        <h1 className="font-bold text-4xl tracking-tight">Admin Dashboard</h1>
        <p className="mt-4 text-muted-foreground">
          Signed in as {loaderData.role}. Choose a screen from the admin menu, or see{" "}
          <Link to="/admin/sessions" className="underline">
            your sessions
          </Link>
          .
        </p>
        <WeekDownloads downloads={loaderData.weekDownloads} />
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="font-bold text-4xl tracking-tight">Admin Dashboard</h1>
      <p className="mt-2 text-muted-foreground text-sm">
        <Link to="/admin/sessions" className="underline">
          Your sessions
        </Link>
      </p>
      <div className="mt-8">
        <ShowAtAGlance glance={loaderData.glance} />
      </div>
      <WeekDownloads downloads={loaderData.weekDownloads} />
      <DashboardTabs data={loaderData.tabs} className="mt-10" />
    </main>
  );
}
