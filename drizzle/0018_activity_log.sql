CREATE TABLE "activity_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_staff_id" integer,
	"actor_email" text,
	"kind" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"subject_title" text,
	"detail" text,
	"client_address" text
);
--> statement-breakpoint
CREATE INDEX "activity_log_occurred_at_id" ON "activity_log" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_actor_email" ON "activity_log" USING btree ("actor_email","occurred_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_kind" ON "activity_log" USING btree ("kind","occurred_at","id");