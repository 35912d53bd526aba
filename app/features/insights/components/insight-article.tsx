import { ArrowLeft, ExternalLink } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/use-toast";
import { formatInsightDate, type InsightPost } from "../schema";
import { AuthorBadge } from "./author-badge";
import { InsightImage } from "./insight-image";

function BackToInsights() {
  return (
    <Link
      to="/insights"
      className="inline-flex items-center gap-2 text-muted-foreground text-sm hover:text-foreground focus-visible:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back to Insights
    </Link>
  );
}

function NewTabLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** Styles for the article's HTML, which arrives as markup and so cannot carry utility classes itself. */
const contentStyles =
  "text-lg leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-primary [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-10 [&_h2]:font-semibold [&_h2]:text-2xl [&_h3]:mt-8 [&_h3]:font-semibold [&_h3]:text-xl [&_img]:my-6 [&_img]:rounded-lg [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_pre]:mt-4 [&_pre]:overflow-x-auto [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6";

export function InsightArticle({ post }: { post: InsightPost }) {
  const hasContent = post.content.trim() !== "";
  const sources = post.allSources ?? [];
  return (
    <article aria-labelledby="article-title" className="mx-auto max-w-3xl">
      <BackToInsights />
      <header className="mt-6">
        <h1 id="article-title" className="font-bold text-3xl tracking-tight sm:text-4xl">
          {post.sourceUrl ? (
            <NewTabLink href={post.sourceUrl} className="hover:underline">
              {post.title}
              <ExternalLink className="ml-2 inline size-5 align-baseline text-muted-foreground" aria-hidden />
            </NewTabLink>
          ) : (
            post.title
          )}
        </h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-muted-foreground text-sm">
          <time dateTime={post.date}>{formatInsightDate(post.date)}</time>
          <span className="rounded-full bg-secondary px-2 py-0.5 font-medium text-secondary-foreground">
            {post.category}
          </span>
          <AuthorBadge name={post.author.name} className="text-foreground" />
        </div>
      </header>

      <InsightImage
        src={post.imageUrl}
        srcSet={post.imageSrcSet}
        sizes={post.imageSrcSet ? "(min-width: 768px) 768px, 100vw" : undefined}
        alt={post.imageAlt ?? post.title}
        fetchPriority="high"
        className="mt-8 aspect-video w-full rounded-lg object-cover"
      />

      {hasContent ? (
        // The server sanitises this HTML with an allow-list when it is stored and again when it is served.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (lib/sanitize-html.server)
        <div className={`mt-8 ${contentStyles}`} dangerouslySetInnerHTML={{ __html: post.content }} />
      ) : (
        <ArticleInProgress post={post} />
      )}

      {post.sourceUrl && (
        <aside aria-labelledby="source-attribution" className="mt-12 rounded-lg border border-border bg-card p-6">
          <h2 id="source-attribution" className="font-semibold text-lg">
            Source Attribution
          </h2>
          <p className="mt-2 text-muted-foreground text-sm">
            This article is based on:{" "}
            <NewTabLink href={post.sourceUrl} className="text-primary underline underline-offset-4">
              {post.sourceTitle || "View Original Article"}
            </NewTabLink>
          </p>
          {sources.length > 1 && (
            <>
              <h3 className="mt-5 font-medium">Additional References</h3>
              <ul className="mt-2 grid gap-1 text-sm">
                {sources.slice(1).map((source) => (
                  <li key={source.url}>
                    <NewTabLink href={source.url} className="text-primary underline underline-offset-4">
                      {source.title}
                    </NewTabLink>
                  </li>
                ))}
              </ul>
            </>
          )}
        </aside>
      )}
    </article>
  );
}

/** Spec section 2: what an article without content shows until it is written. */
function ArticleInProgress({ post }: { post: InsightPost }) {
  return (
    <div className="mt-8 text-lg leading-relaxed">
      <p>{post.excerpt}</p>
      <p className="mt-4 text-muted-foreground">
        This article is currently being developed. Please check back soon for the full content.
      </p>
      <section aria-labelledby="key-takeaways" className="mt-8 rounded-lg border border-border bg-card p-6">
        <h2 id="key-takeaways" className="font-semibold text-xl">
          Key Takeaways
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-base">
          <li>Understanding the latest developments in {post.category.toLowerCase()}</li>
          <li>Practical strategies business leaders can apply to their own organisations</li>
          <li>Lessons from innovators who have lived through disruption</li>
        </ul>
      </section>
    </div>
  );
}

export function ArticleNotFound() {
  return (
    <div className="mx-auto max-w-3xl py-12 text-center">
      <h1 className="font-bold text-3xl tracking-tight">Article Not Found</h1>
      <p className="mt-3 text-muted-foreground">The article you're looking for doesn't exist or has been removed</p>
      <div className="mt-6">
        <BackToInsights />
      </div>
    </div>
  );
}

/** Spec section 8: a failed load shows the destructive toast, then the not-found view. */
export function ArticleLoadFailed() {
  useEffect(() => {
    toast({
      title: "Error",
      description: "Failed to load the article. Please try again later.",
      variant: "destructive",
    });
  }, []);
  return <ArticleNotFound />;
}

export function ArticleSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading article" className="mx-auto grid max-w-3xl gap-4">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-2 h-10 w-5/6" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="mt-4 aspect-video w-full" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-2/3" />
    </div>
  );
}
