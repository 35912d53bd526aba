CREATE TABLE "download_breakdown_days" (
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"day" date NOT NULL,
	"downloads" integer NOT NULL,
	CONSTRAINT "download_breakdown_days_dimension_day_value_pk" PRIMARY KEY("dimension","day","value"),
	CONSTRAINT "download_breakdown_days_dimension_check" CHECK ("download_breakdown_days"."dimension" in ('app', 'platform', 'device', 'country'))
);
--> statement-breakpoint
CREATE TABLE "download_episode_days" (
	"episode_id" integer NOT NULL,
	"day" date NOT NULL,
	"downloads" integer NOT NULL,
	"through" bigint NOT NULL,
	CONSTRAINT "download_episode_days_episode_id_day_pk" PRIMARY KEY("episode_id","day")
);
--> statement-breakpoint
ALTER TABLE "download_episode_days" ADD CONSTRAINT "download_episode_days_episode_id_podcast_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."podcast_episodes"("id") ON DELETE cascade ON UPDATE no action;