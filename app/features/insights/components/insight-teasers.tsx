import { Link } from "react-router";
import { formatInsightDate, type InsightPost } from "../schema";
import { InsightImage } from "./insight-image";

/**
 * The home page's latest posts: cards with picture, category, date, title and excerpt, each a plain link. Without the
 * insights page's share menu, so that the home page's first load stays within its budget.
 */
export function InsightTeasers({ posts }: { posts: InsightPost[] }) {
  if (posts.length === 0) return null;
  return (
    <ul aria-label="Latest insights" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post) => (
        <li key={post.id}>
          <article className="relative flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card transition-colors focus-within:border-primary hover:border-primary/60">
            <InsightImage
              src={post.imageUrl}
              srcSet={post.imageSrcSet}
              sizes={post.imageSrcSet ? "(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw" : undefined}
              alt=""
              loading="lazy"
              className="aspect-video w-full object-cover"
            />
            <div className="flex flex-1 flex-col gap-2 p-5">
              <p className="flex flex-wrap items-center gap-x-3 text-muted-foreground text-xs">
                <span>{post.category}</span>
                <time dateTime={post.date}>{formatInsightDate(post.date)}</time>
              </p>
              <h3 className="font-semibold text-lg leading-snug">
                <Link to={`/insights/${post.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
                  {post.title}
                </Link>
              </h3>
              <p className="line-clamp-3 text-muted-foreground text-sm">{post.excerpt}</p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
