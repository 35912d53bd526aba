ALTER TABLE "podcast_episodes" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ALTER COLUMN "audio_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ALTER COLUMN "publish_date" DROP NOT NULL;