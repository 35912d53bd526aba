ALTER TABLE "audio_requests" ALTER COLUMN "earlier_day_listener" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_requests" ALTER COLUMN "size" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_requests" ALTER COLUMN "app" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_requests" ALTER COLUMN "platform" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_requests" ALTER COLUMN "device" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_requests" ALTER COLUMN "access" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audio_requests" ALTER COLUMN "country" SET NOT NULL;