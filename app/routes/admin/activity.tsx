import { activityFilterChoices, FIRST_ACTIVITY_PAGE, listActivity } from "~/features/activity/activity.server";
import { ActivityLog } from "~/features/activity/components/activity-log";
import { ActivityListQuerySchema } from "~/features/activity/schema";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { parseListQuery } from "~/lib/owner-list.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/activity";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Activity",
    description: "Every change made in the admin area.",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.owner);
  // An address edited by hand into something the log does not take shows the whole log instead of an error.
  const parsed = parseListQuery(request, ActivityListQuerySchema);
  const view = parsed.ok ? parsed.data : FIRST_ACTIVITY_PAGE;
  const [page, choices] = await Promise.all([listActivity(db, view), activityFilterChoices(db)]);
  return { page, view, choices };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Activity</h1>
      <ActivityLog page={loaderData.page} view={loaderData.view} choices={loaderData.choices} />
    </main>
  );
}
