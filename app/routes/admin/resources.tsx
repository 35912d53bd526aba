import { OwnerResourcesPanel } from "~/features/premium/components/owner-resources-panel";
import { listOwnerResources } from "~/features/premium/resources.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/resources";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Members' Resources", description: "The members' downloads.", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.content);
  return { resources: await listOwnerResources(db) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Members' Resources</h1>
      <OwnerResourcesPanel resources={loaderData.resources} />
    </main>
  );
}
