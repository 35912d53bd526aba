import { Link } from "react-router";
import { Skeleton } from "~/components/ui/skeleton";
import { formatInsightDate, type InsightPost } from "../schema";
import { AuthorBadge } from "./author-badge";
import { InsightImage } from "./insight-image";
import { ShareMenu } from "./share-menu";

/** Spec section 9: each card starts its entrance 0.1 s after the one before it. */
const CARD_DELAY_SECONDS = 0.1;

/** Spec section 9: three skeleton cards while the insights load. */
const SKELETON_CARDS = 3;

const grid = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";

export function InsightCards({ posts, siteUrl }: { posts: InsightPost[]; siteUrl: string }) {
  return (
    <ul className={grid}>
      {posts.map((post, index) => (
        <li
          key={post.id}
          className="animate-card-in motion-reduce:animate-none"
          style={{ animationDelay: `${index * CARD_DELAY_SECONDS}s` }}
        >
          <InsightCard post={post} articleUrl={`${siteUrl}/insights/${post.id}`} first={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/** The first card's picture is in view when the page opens (the page's largest paint), so it loads at once. */
function InsightCard({ post, articleUrl, first }: { post: InsightPost; articleUrl: string; first: boolean }) {
  const titleId = `insight-${post.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="relative flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card transition-colors focus-within:border-primary hover:border-primary/60"
    >
      <InsightImage
        src={post.imageUrl}
        srcSet={post.imageSrcSet}
        sizes={post.imageSrcSet ? "(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw" : undefined}
        alt=""
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : "auto"}
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex flex-wrap items-center gap-x-3 text-muted-foreground text-xs">
          <span className="rounded-full bg-secondary px-2 py-0.5 font-medium text-secondary-foreground">
            {post.category}
          </span>
          <time dateTime={post.date}>{formatInsightDate(post.date)}</time>
        </p>
        <h2 id={titleId} className="font-semibold text-lg leading-snug">
          {/* The link covers the whole card, so that the card itself is the click target. */}
          <Link to={`/insights/${post.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {post.title}
          </Link>
        </h2>
        <p className="line-clamp-3 text-muted-foreground text-sm">{post.excerpt}</p>
        <div className="mt-auto flex items-center justify-between pt-2">
          <AuthorBadge name={post.author.name} />
          <div className="relative z-10">
            <ShareMenu post={post} articleUrl={articleUrl} />
          </div>
        </div>
      </div>
    </article>
  );
}

export function InsightCardsSkeleton() {
  return (
    <ul className={grid} aria-busy="true" aria-label="Loading insights">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={index} className="overflow-hidden rounded-lg border border-border bg-card">
          <Skeleton className="aspect-video w-full rounded-none" />
          <div className="grid gap-3 p-5">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-6 w-5/6" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-8 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}
