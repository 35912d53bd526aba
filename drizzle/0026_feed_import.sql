CREATE TABLE "feed_import_episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"guid" text NOT NULL,
	"title" text NOT NULL,
	"item" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim_token" text,
	"lease_until" timestamp with time zone,
	"problem" text,
	"episode_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_import_episodes_status_check" CHECK ("feed_import_episodes"."status" in ('queued', 'importing', 'imported', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "feed_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_url" text NOT NULL,
	"show" jsonb NOT NULL,
	"already_here" integer DEFAULT 0 NOT NULL,
	"show_settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "imported_link" text;--> statement-breakpoint
ALTER TABLE "feed_import_episodes" ADD CONSTRAINT "feed_import_episodes_import_id_feed_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."feed_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_import_episodes" ADD CONSTRAINT "feed_import_episodes_episode_id_podcast_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."podcast_episodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_import_episodes_import_guid" ON "feed_import_episodes" USING btree ("import_id","guid");--> statement-breakpoint
CREATE INDEX "feed_import_episodes_due" ON "feed_import_episodes" USING btree ("status","lease_until");