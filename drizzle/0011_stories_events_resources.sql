CREATE TABLE "host_stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"full_story" text NOT NULL,
	"video_key" text,
	"poster_key" text,
	"poster_renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"built_in_video_path" text,
	"built_in_poster_path" text,
	"built_in_captions_path" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "host_stories_position" ON "host_stories" USING btree ("position","id");
--> statement-breakpoint
CREATE TABLE "member_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"join_url" text,
	"tier" text DEFAULT 'premium' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_events_tier_check" CHECK ("member_events"."tier" in ('free', 'basic', 'premium'))
);
--> statement-breakpoint
CREATE TABLE "member_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"file_key" text,
	"file_size" bigint,
	"built_in_file" text,
	"tier" text DEFAULT 'premium' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_resources_tier_check" CHECK ("member_resources"."tier" in ('free', 'basic', 'premium'))
);
--> statement-breakpoint
CREATE INDEX "member_events_starts_at" ON "member_events" USING btree ("starts_at");
--> statement-breakpoint
INSERT INTO "member_events" ("title", "description", "starts_at", "time_zone", "duration_minutes") VALUES
	('Live Q&A with the Host', 'Bring your questions about this season''s episodes; premium members get priority in the queue.', '2027-01-14T17:00:00Z', 'UTC', 60),
	('Founder Roundtable: Scaling After Disruption', 'Three past guests compare notes on growing a company after the market changed under them.', '2027-02-11T17:00:00Z', 'UTC', 75),
	('Behind the Mic: A Live Recording Session', 'Watch an episode being recorded and stay for the unedited conversation afterwards.', '2027-03-11T18:00:00Z', 'UTC', 90);
--> statement-breakpoint
INSERT INTO "member_resources" ("title", "description", "built_in_file") VALUES
	('The Disruption Playbook', 'A step-by-step guide to questioning the assumptions your industry runs on.', 'disruption-playbook.pdf'),
	('Innovation Audit Checklist', 'The questions our guests ask before they bet on a new idea.', 'innovation-audit-checklist.pdf'),
	('Season One Interview Transcripts', 'Full transcripts of the season''s conversations, unedited.', 'season-one-transcripts.pdf'),
	('Pitch Deck Template Pack', 'Editable templates for a one-page pitch and a monthly investor update.', 'pitch-deck-templates.zip');
