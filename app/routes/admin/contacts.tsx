import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/contacts";
import { DashboardTabs } from "./dashboard-tabs";
import { loadDashboardTabs } from "./dashboard-tabs.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Admin Dashboard",
    description: "Contact messages, guest applications, newsletter subscribers and episodes.",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.audience);
  return loadDashboardTabs(db, new Date());
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="font-bold text-4xl tracking-tight">Admin Dashboard</h1>
      <DashboardTabs data={loaderData} className="mt-8" />
    </main>
  );
}
