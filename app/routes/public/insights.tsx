import { Suspense } from "react";
import { Await, Link, useRouteLoaderData } from "react-router";
import { InsightCardsSkeleton } from "~/features/insights/components/insight-cards";
import { InsightsFeed } from "~/features/insights/components/insights-feed";
import { listInsightPage } from "~/features/insights/insights.server";
import { appContext } from "~/lib/app-context.server";
import { listPageNumber } from "~/lib/list-page-number";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/insights";

export const handle: PublicPageHandle = { publicRoute: { shows: ["insights"] }, hydrates: true };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Insights",
    description: "Short articles on technology, operations and leadership from the team behind the podcast.",
  });

/** One page of the posts, newest first (`?page=`), so that years of posts cost what one page costs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return { list: await listInsightPage(db, listPageNumber(new URL(request.url)), new Date()) };
}

/**
 * A document request gets the posts in its HTML. A client-side navigation renders at once with the spec's skeleton
 * cards and fills them in when the posts arrive (docs/decisions/008-insights-loading-states.md).
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { list: serverLoader().then((data) => data.list) };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const siteUrl = useRouteLoaderData<typeof rootLoader>("root")?.siteUrl ?? "";
  return (
    <InsightsPage>
      {loaderData.list instanceof Promise ? (
        <Suspense fallback={<InsightCardsSkeleton />}>
          <Await resolve={loaderData.list} errorElement={<InsightsLoadFailed />}>
            {(list) => <InsightsFeed key={list.page} list={list} siteUrl={siteUrl} />}
          </Await>
        </Suspense>
      ) : (
        <InsightsFeed key={loaderData.list.page} list={loaderData.list} siteUrl={siteUrl} />
      )}
    </InsightsPage>
  );
}

function InsightsPage({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-16">
      <h1 className="font-bold text-4xl tracking-tight">Latest Insights</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Short reads on technology, operations and leadership from the conversations behind the show.
      </p>
      <div className="mt-8">{children}</div>
    </main>
  );
}

function InsightsLoadFailed() {
  return (
    <div role="alert" className="rounded-lg border border-border bg-card p-8 text-center">
      <p className="font-semibold">Failed to load insights</p>
      <Link to="/insights" reloadDocument className="mt-4 inline-block text-primary underline underline-offset-4">
        Try again
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <InsightsPage>
      <InsightsLoadFailed />
    </InsightsPage>
  );
}
