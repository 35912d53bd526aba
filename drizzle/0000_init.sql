CREATE TABLE "cached_insights" (
	"id" serial PRIMARY KEY NOT NULL,
	"insights" jsonb NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"next_update_due" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_derivatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"content" text,
	"start_time_seconds" integer,
	"end_time_seconds" integer,
	"publish_date" timestamp with time zone,
	"platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"long_description" text,
	"episode_number" integer NOT NULL,
	"season_number" integer DEFAULT 1 NOT NULL,
	"scheduled_date" timestamp with time zone,
	"recording_date" timestamp with time zone,
	"publish_date" timestamp with time zone,
	"status" text DEFAULT 'planning' NOT NULL,
	"guest_name" text,
	"audio_url" text,
	"video_url" text,
	"image_url" text,
	"notes" text,
	"key_takeaways" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_episodes_status_check" CHECK ("content_episodes"."status" in ('planning', 'scheduled', 'recorded', 'editing', 'published'))
);
--> statement-breakpoint
CREATE TABLE "content_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"slug" text NOT NULL,
	"status" text DEFAULT 'planning' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_series_slug_unique" UNIQUE("slug"),
	CONSTRAINT "content_series_status_check" CHECK ("content_series"."status" in ('planning', 'active', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "guest_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"job_title" text,
	"expertise" text NOT NULL,
	"topic_idea" text NOT NULL,
	"biography" text NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"past_appearances" text,
	"notes" text,
	"status" text DEFAULT 'submitted' NOT NULL,
	"reviewed_by" text,
	"review_date" timestamp with time zone,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_applications_status_check" CHECK ("guest_applications"."status" in ('submitted', 'reviewing', 'approved', 'scheduled', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "insight_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"image_url" text,
	"category" text NOT NULL,
	"author_name" text NOT NULL,
	"author_avatar_url" text,
	"content" text DEFAULT '' NOT NULL,
	"source_url" text,
	"source_title" text,
	"all_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "podcast_episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"audio_url" text NOT NULL,
	"publish_date" timestamp with time zone NOT NULL,
	"episode_number" integer,
	"episode_type" text DEFAULT 'full' NOT NULL,
	"duration_seconds" integer,
	"image_url" text,
	"guest_name" text,
	"spotify_url" text,
	"youtube_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "podcast_episodes_guid_unique" UNIQUE("guid"),
	CONSTRAINT "podcast_episodes_type_check" CHECK ("podcast_episodes"."episode_type" in ('full', 'trailer', 'bonus'))
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"archived" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"membership_tier" text DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_membership_tier_check" CHECK ("users"."membership_tier" in ('free', 'basic', 'premium'))
);
--> statement-breakpoint
ALTER TABLE "content_derivatives" ADD CONSTRAINT "content_derivatives_episode_id_content_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."content_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_episodes" ADD CONSTRAINT "content_episodes_series_id_content_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."content_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_applications" ADD CONSTRAINT "guest_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_derivatives_episode_idx" ON "content_derivatives" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "content_episodes_series_idx" ON "content_episodes" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE UNIQUE INDEX "subscribers_email_lower_unique" ON "subscribers" USING btree (lower("email"));