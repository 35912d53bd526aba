import { Suspense } from "react";
import { Await, data, redirect } from "react-router";
import {
  ArticleLoadFailed,
  ArticleNotFound,
  ArticleSkeleton,
  InsightArticle,
} from "~/features/insights/components/insight-article";
import { findInsightPost } from "~/features/insights/insights.server";
import { DEFAULT_INSIGHT_IMAGE, type InsightPost } from "~/features/insights/schema";
import { appContext } from "~/lib/app-context.server";
import type { PublicPageHandle } from "~/lib/public-routes";
import { pageMeta } from "~/lib/seo";
import { articleJsonLd, breadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/insight-article";

export const handle: PublicPageHandle = { publicRoute: { shows: ["insights"] }, hydrates: true };

/** A public post by its address; an address it had before answers 301 to where it is now. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const found = await findInsightPost(db, params.id, new Date());
  if (!found) return data({ post: null }, { status: 404 });
  if ("movedTo" in found) throw redirect(`/insights/${encodeURIComponent(found.movedTo)}`, 301);
  return { post: found.post };
}

/**
 * A document request gets the article in its HTML. A client-side navigation shows the skeleton at once; a failed
 * load there shows the error toast and the not-found view (docs/decisions/008-insights-loading-states.md).
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return { post: serverLoader().then((loaded) => loaded.post) };
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (post instanceof Promise) {
    return pageMeta(args, { title: "Insight", description: "An article from the Insights collection." });
  }
  if (!post) {
    return pageMeta(args, {
      title: "Article Not Found",
      description: "The article you're looking for doesn't exist or has been removed",
      noIndex: true,
    });
  }
  const image = post.imageUrl ?? DEFAULT_INSIGHT_IMAGE;
  return pageMeta(args, {
    title: post.title,
    description: post.seoDescription ?? post.excerpt,
    image,
    imageAlt: post.imageAlt ?? post.title,
    type: "article",
    structuredData: ({ siteUrl, canonical, site }) => [
      articleJsonLd(
        siteUrl,
        canonical,
        {
          title: post.title,
          excerpt: post.excerpt,
          date: post.date,
          imageUrl: image,
          authorName: post.author.name,
        },
        site,
      ),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: "Insights", path: "/insights" },
        { name: post.title, path: `/insights/${post.id}` },
      ]),
    ],
  });
};

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="px-4 pt-28 pb-16">
      {loaderData.post instanceof Promise ? (
        <Suspense fallback={<ArticleSkeleton />}>
          <Await resolve={loaderData.post} errorElement={<ArticleLoadFailed />}>
            {(post: InsightPost | null) => <ArticleOrNotFound post={post} />}
          </Await>
        </Suspense>
      ) : (
        <ArticleOrNotFound post={loaderData.post} />
      )}
    </main>
  );
}

function ArticleOrNotFound({ post }: { post: InsightPost | null }) {
  return post ? <InsightArticle post={post} /> : <ArticleNotFound />;
}

export function ErrorBoundary() {
  return (
    <main id="main" className="px-4 pt-28 pb-16">
      <ArticleLoadFailed />
    </main>
  );
}
