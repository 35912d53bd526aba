import { OwnerInsightsPanel } from "~/features/insights/components/owner-insights-panel";
import { FIRST_INSIGHT_PAGE, listOwnerInsights } from "~/features/insights/owner-insights.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/insights";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Insights", description: "The site's insight posts.", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.content);
  return { insights: await listOwnerInsights(db, FIRST_INSIGHT_PAGE, new Date()) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Insights</h1>
      <OwnerInsightsPanel firstPage={loaderData.insights} />
    </main>
  );
}
