import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/** Years of weekly posts and more: the volume at which /insights once rendered 7.9 MB in 11.7 s. */
export const INSIGHT_VOLUME = 3000;

/**
 * Seeds `count` posts of about 2 KB of HTML each, an hour apart from 2020 on, in one INSERT … SELECT; every hundredth
 * is a draft, which no public list may count. Their ids and slugs are `post-{n}`.
 */
export async function seedInsightVolume(db: Database, count = INSIGHT_VOLUME): Promise<void> {
  await db.execute(sql`
    insert into insight_posts (id, slug, title, excerpt, status, published_at, first_published_at, category, author_name, body_markdown, content)
    select 'post-' || n, 'post-' || n, 'Post number ' || n, 'The excerpt of post ' || n,
      case when n % 100 = 0 then 'draft' else 'published' end,
      timestamptz '2020-01-01' + n * interval '1 hour', timestamptz '2020-01-01' + n * interval '1 hour',
      'Scale', 'Tester', '', repeat('<p>A paragraph of a long article.</p>', 55)
    from generate_series(1, ${count}) as n`);
  await db.execute(sql`analyze insight_posts`);
}
