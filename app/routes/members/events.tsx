import { Link } from "react-router";
import { PremiumAccessRequired } from "~/features/premium/components/premium-access-required";
import { VirtualEventList } from "~/features/premium/components/virtual-event-list";
import { listUpcomingEvents } from "~/features/premium/events.server";
import { tieredPageData } from "~/features/premium/premium-access.server";
import { appContext } from "~/lib/app-context.server";
import { requireUserForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { memberBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Virtual Events",
    description: "Upcoming live sessions for premium members.",
    noIndex: true,
    structuredData: ({ siteUrl }) => [
      memberBreadcrumbJsonLd(siteUrl, { name: "Virtual Events", path: "/members/events" }),
    ],
  });

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const user = await requireUserForPage(db, request);
  return tieredPageData(user, (tiers) => listUpcomingEvents(db, tiers, new Date()));
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.access === "denied") return <PremiumAccessRequired />;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 pt-28 pb-16">
      <Link to="/members/dashboard" className="text-primary text-sm underline underline-offset-4">
        Back to Dashboard
      </Link>
      <h1 className="mt-4 font-bold text-4xl tracking-tight">Virtual Events</h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        Upcoming live sessions for members. Where an event has no join link yet, it is emailed to you before the event.
      </p>
      <VirtualEventList events={loaderData.content} />
    </main>
  );
}
