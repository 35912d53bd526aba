ALTER TABLE "podcast_episodes" DROP COLUMN "audio_url";--> statement-breakpoint
ALTER TABLE "podcast_episodes" DROP COLUMN "image_url";--> statement-breakpoint
ALTER TABLE "podcast_episodes" DROP COLUMN "guest_name";--> statement-breakpoint
ALTER TABLE "podcast_episodes" DROP COLUMN "transcript_url";--> statement-breakpoint
ALTER TABLE "podcast_episodes" DROP COLUMN "chapters_url";--> statement-breakpoint
ALTER TABLE "podcast_episodes" DROP COLUMN "active";