import { AnalyticsReportView } from "~/features/analytics/components/analytics-report";
import { readAnalyticsReport } from "~/features/analytics/downloads-report.server";
import { AnalyticsPageQuerySchema, LATEST_LAUNCHES } from "~/features/analytics/schema";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Analytics",
    description: "Episode downloads counted by the IAB rules.",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.analytics);
  const { range, episodes } = AnalyticsPageQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const days = range === "all" ? null : Number(range);
  const report = await readAnalyticsReport(db, new Date(), days, episodes === "all" ? null : LATEST_LAUNCHES);
  return { report, range, countryEnabled: env.GEOIP_DB !== undefined };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Analytics</h1>
      <AnalyticsReportView
        report={loaderData.report}
        range={loaderData.range}
        countryEnabled={loaderData.countryEnabled}
      />
    </main>
  );
}
