CREATE TABLE "episode_guests" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"link" text,
	"guest_application_id" integer
);
--> statement-breakpoint
CREATE TABLE "episode_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_episodes" ADD COLUMN "podcast_episode_id" integer;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "show_notes_markdown" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "show_notes_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "audio_key" text;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "explicit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "artwork_key" text;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "artwork_renditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "transcript_key" text;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "chapters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "episode_guests" ADD CONSTRAINT "episode_guests_episode_id_podcast_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."podcast_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_guests" ADD CONSTRAINT "episode_guests_guest_application_id_guest_applications_id_fk" FOREIGN KEY ("guest_application_id") REFERENCES "public"."guest_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episode_slug_redirects" ADD CONSTRAINT "episode_slug_redirects_episode_id_podcast_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."podcast_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "episode_guests_episode_position" ON "episode_guests" USING btree ("episode_id","position");--> statement-breakpoint
CREATE INDEX "episode_guests_application" ON "episode_guests" USING btree ("guest_application_id");--> statement-breakpoint
ALTER TABLE "content_episodes" ADD CONSTRAINT "content_episodes_podcast_episode_id_podcast_episodes_id_fk" FOREIGN KEY ("podcast_episode_id") REFERENCES "public"."podcast_episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_episodes_podcast_episode" ON "content_episodes" USING btree ("podcast_episode_id");--> statement-breakpoint
CREATE INDEX "podcast_episodes_publish_date_id" ON "podcast_episodes" USING btree ("publish_date","id");--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD CONSTRAINT "podcast_episodes_slug_unique" UNIQUE("slug");--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD CONSTRAINT "podcast_episodes_status_check" CHECK ("podcast_episodes"."status" in ('draft', 'scheduled', 'published', 'unpublished'));