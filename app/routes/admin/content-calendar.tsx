import { listContentSeries } from "~/features/calendar/calendar.server";
import { ContentCalendar } from "~/features/calendar/components/content-calendar";
import { listEpisodeTitles } from "~/features/episodes/owner-episodes.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/content-calendar";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Content Calendar",
    description: "Plan series and episodes.",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.content);
  const [series, podcastEpisodes] = await Promise.all([listContentSeries(db), listEpisodeTitles(db)]);
  return { series, podcastEpisodes };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Content Calendar</h1>
      <ContentCalendar series={loaderData.series} podcastEpisodes={loaderData.podcastEpisodes} />
    </main>
  );
}
