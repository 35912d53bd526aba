DROP TABLE "cached_insights" CASCADE;--> statement-breakpoint
DROP TABLE "content_derivatives" CASCADE;