ALTER TABLE "podcast_episodes" ADD COLUMN "audio_length_bytes" bigint;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "audio_mime_type" text DEFAULT 'audio/mpeg' NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "season_number" integer;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "transcript_url" text;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "transcript_mime_type" text;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "chapters_url" text;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "premium" boolean DEFAULT false NOT NULL;