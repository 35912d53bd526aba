CREATE TABLE "analytics_keys" (
	"day" date PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audio_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"episode_id" integer NOT NULL,
	"listener" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"first_byte" bigint NOT NULL,
	"last_byte" bigint NOT NULL,
	"download_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "download_days" (
	"day" date NOT NULL,
	"episode_id" integer NOT NULL,
	"app" text NOT NULL,
	"platform" text NOT NULL,
	"device" text NOT NULL,
	"access" text NOT NULL,
	"country" text NOT NULL,
	"downloads" integer NOT NULL,
	CONSTRAINT "download_days_day_episode_id_app_platform_device_access_country_pk" PRIMARY KEY("day","episode_id","app","platform","device","access","country"),
	CONSTRAINT "download_days_access_check" CHECK ("download_days"."access" in ('public', 'premium'))
);
--> statement-breakpoint
CREATE TABLE "feed_subscriber_reports" (
	"reader" text PRIMARY KEY NOT NULL,
	"subscribers" integer NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audio_requests" ADD CONSTRAINT "audio_requests_episode_id_podcast_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."podcast_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_days" ADD CONSTRAINT "download_days_episode_id_podcast_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."podcast_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_requests_listener_episode" ON "audio_requests" USING btree ("listener","episode_id","at");--> statement-breakpoint
CREATE INDEX "audio_requests_at" ON "audio_requests" USING btree ("at");--> statement-breakpoint
CREATE INDEX "download_days_episode" ON "download_days" USING btree ("episode_id","day");