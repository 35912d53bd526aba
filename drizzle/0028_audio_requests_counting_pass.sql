DROP INDEX "audio_requests_listener_episode";--> statement-breakpoint
ALTER TABLE "audio_requests" ADD COLUMN "earlier_day_listener" text;--> statement-breakpoint
ALTER TABLE "audio_requests" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "audio_requests" ADD COLUMN "app" text;--> statement-breakpoint
ALTER TABLE "audio_requests" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "audio_requests" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "audio_requests" ADD COLUMN "access" text;--> statement-breakpoint
ALTER TABLE "audio_requests" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "audio_requests" ADD COLUMN "examined_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audio_requests_listener_episode_download" ON "audio_requests" USING btree ("listener","episode_id","download_at");--> statement-breakpoint
CREATE INDEX "audio_requests_waiting" ON "audio_requests" USING btree ("id") WHERE "audio_requests"."examined_at" is null;