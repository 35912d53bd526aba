import { SubscribersPanel } from "~/features/subscribers/components/subscribers-panel";
import { FIRST_SUBSCRIBER_PAGE, listSubscribers } from "~/features/subscribers/subscriber-list.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/subscribers";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Newsletter Subscribers",
    description: "Newsletter subscribers.",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.audience);
  return { subscribers: await listSubscribers(db, FIRST_SUBSCRIBER_PAGE) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Newsletter Subscribers</h1>
      <SubscribersPanel firstPage={loaderData.subscribers} />
    </main>
  );
}
