CREATE TABLE "insight_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_posts" ALTER COLUMN "published_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD COLUMN "cover_key" text;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD COLUMN "cover_renditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD COLUMN "cover_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD COLUMN "body_markdown" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every post written before the editor existed was public: it stays published at the address it had (its id, when
-- that is already slug-shaped, as the seeded posts' are; else a slug made from its title, a second one with the same
-- title getting -2, -3 ...), and its stored HTML becomes its Markdown (Markdown keeps HTML as it is).
UPDATE "insight_posts" SET "status" = 'published', "first_published_at" = "published_at", "body_markdown" = "content";--> statement-breakpoint
UPDATE "insight_posts" AS p SET "slug" = CASE WHEN s.n = 1 THEN s.base ELSE s.base || '-' || s.n END
FROM (
	SELECT "id", base, row_number() OVER (PARTITION BY base ORDER BY "published_at", "id") AS n
	FROM (
		SELECT "id", "published_at",
			CASE WHEN "id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("id") <= 120 THEN "id"
			ELSE coalesce(nullif(trim(BOTH '-' FROM left(regexp_replace(lower("title"), '[^a-z0-9]+', '-', 'g'), 120)), ''), 'insight')
			END AS base
		FROM "insight_posts"
	) AS b
) AS s
WHERE p."id" = s."id";--> statement-breakpoint
ALTER TABLE "insight_posts" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_slug_redirects" ADD CONSTRAINT "insight_slug_redirects_post_id_insight_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."insight_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_posts_published_at_id" ON "insight_posts" USING btree ("published_at","id");--> statement-breakpoint
ALTER TABLE "insight_posts" ADD CONSTRAINT "insight_posts_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "insight_posts" ADD CONSTRAINT "insight_posts_status_check" CHECK ("insight_posts"."status" in ('draft', 'scheduled', 'published', 'unpublished'));
