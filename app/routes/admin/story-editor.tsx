import { data } from "react-router";
import { StoryEditor } from "~/features/stories/components/story-editor";
import { readOwnerStory } from "~/features/stories/stories.server";
import { parseIdParam } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/story-editor";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data?.story ? `Edit: ${args.data.story.title}` : "New Story",
    description: "The story editor.",
    noIndex: true,
  });

/** /admin/stories/new and /admin/stories/{id}. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.content);
  if (params.id === undefined) return { story: null };
  const id = parseIdParam(params.id);
  const story = id === null ? null : await readOwnerStory(db, id);
  if (!story) throw data("Story not found", { status: 404 });
  return { story };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { story } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">{story ? "Edit Story" : "New Story"}</h1>
      {/* A new key per story: its uncontrolled fields start again from that story's values. */}
      <StoryEditor key={story?.id ?? "new"} story={story} />
    </main>
  );
}
