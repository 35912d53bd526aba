import { OwnerEpisodesPanel } from "~/features/episodes/components/owner-episodes-panel";
import { FIRST_EPISODE_PAGE, listOwnerEpisodes } from "~/features/episodes/owner-episodes.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/episodes";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Episodes", description: "The podcast's episodes.", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.content);
  return { episodes: await listOwnerEpisodes(db, FIRST_EPISODE_PAGE, new Date()) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Episodes</h1>
      <OwnerEpisodesPanel firstPage={loaderData.episodes} />
    </main>
  );
}
