import { OwnerEventsPanel } from "~/features/premium/components/owner-events-panel";
import { listOwnerEvents } from "~/features/premium/events.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Members' Events", description: "The members' live sessions.", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.content);
  return { events: await listOwnerEvents(db) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Members' Events</h1>
      <OwnerEventsPanel events={loaderData.events} />
    </main>
  );
}
