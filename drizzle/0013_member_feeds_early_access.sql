CREATE TABLE "member_feed_fetches" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"address_hash" text NOT NULL,
	CONSTRAINT "member_feed_fetches_user_id_day_address_hash_pk" PRIMARY KEY("user_id","day","address_hash")
);
--> statement-breakpoint
CREATE TABLE "member_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token_nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "early_access_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_feed_fetches" ADD CONSTRAINT "member_feed_fetches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_feeds" ADD CONSTRAINT "member_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;