ALTER TABLE "audience_mails" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "audience_mails" ADD COLUMN "kind" text DEFAULT 'item' NOT NULL;--> statement-breakpoint
ALTER TABLE "audience_mails" ADD COLUMN "audience" text;--> statement-breakpoint
ALTER TABLE "audience_mails" ADD COLUMN "tier" text;--> statement-breakpoint
ALTER TABLE "audience_mails" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audience_mails" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audience_mails" ADD COLUMN "publish" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audience_mails" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "insight_posts" ADD COLUMN "skip_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodes" ADD COLUMN "skip_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audience_mails_due" ON "audience_mails" USING btree ("kind","queued_at","send_at");--> statement-breakpoint
ALTER TABLE "audience_mails" ADD CONSTRAINT "audience_mails_kind_check" CHECK ("audience_mails"."kind" in ('item', 'announcement'));