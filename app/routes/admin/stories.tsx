import { OwnerStoriesPanel } from "~/features/stories/components/owner-stories-panel";
import { listOwnerStories } from "~/features/stories/stories.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/stories";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Stories", description: "The host's stories on the About page.", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.content);
  return { stories: await listOwnerStories(db) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Stories</h1>
      <OwnerStoriesPanel stories={loaderData.stories} />
    </main>
  );
}
