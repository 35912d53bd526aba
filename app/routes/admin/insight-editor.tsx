import { data } from "react-router";
import { InsightEditor } from "~/features/insights/components/insight-editor";
import { parseInsightId, readOwnerInsight } from "~/features/insights/owner-insights.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/insight-editor";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.insight ? `Edit: ${args.data.insight.title}` : "New Insight",
    description: "The insight editor.",
    noIndex: true,
  });

/** /admin/insights/new and /admin/insights/{id}: the editor. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.content);
  if (params.id === undefined) return { insight: null };
  const id = parseInsightId(params.id);
  const insight = id === null ? null : await readOwnerInsight(db, id, new Date());
  if (!insight) throw data("Insight not found", { status: 404 });
  return { insight };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { insight } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">{insight ? "Edit Insight" : "New Insight"}</h1>
      {/* A new key per post: its uncontrolled fields start again from that post's values. */}
      <InsightEditor key={insight?.id ?? "new"} insight={insight} />
    </main>
  );
}
