-- Episodes written before the owner could publish become ordinary episodes: a slug from the title (made unique with
-- the id where two titles read alike), published when active, the guest name as their first guest.
UPDATE "podcast_episodes" AS e SET "slug" = CASE WHEN s."rank" = 1 THEN s."base" ELSE s."base" || '-' || e."id" END
  FROM (
    SELECT "id", "base", row_number() OVER (PARTITION BY "base" ORDER BY "id") AS "rank"
    FROM (
      SELECT "id", coalesce(nullif(trim(both '-' from lower(regexp_replace("title", '[^A-Za-z0-9]+', '-', 'g'))), ''), 'episode') AS "base"
      FROM "podcast_episodes"
    ) AS b
  ) AS s
  WHERE s."id" = e."id";--> statement-breakpoint
UPDATE "podcast_episodes" SET
  "status" = CASE WHEN "active" THEN 'published' ELSE 'unpublished' END,
  "first_published_at" = "publish_date";--> statement-breakpoint
INSERT INTO "episode_guests" ("episode_id", "position", "name")
  SELECT "id", 0, "guest_name" FROM "podcast_episodes" WHERE "guest_name" IS NOT NULL AND "guest_name" <> '';
