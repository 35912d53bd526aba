CREATE TABLE "audience_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_key" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audience_mails_item_key_unique" UNIQUE("item_key")
);
--> statement-breakpoint
CREATE TABLE "mail_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail_id" integer NOT NULL,
	"email" text NOT NULL,
	"list" text DEFAULT 'audience' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_token" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_deliveries_status_check" CHECK ("mail_deliveries"."status" in ('queued', 'sending', 'sent', 'failed', 'suppressed'))
);
--> statement-breakpoint
CREATE TABLE "mail_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_unsubscribes" (
	"email" text NOT NULL,
	"list" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_unsubscribes_email_list_pk" PRIMARY KEY("email","list")
);
--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD CONSTRAINT "mail_deliveries_mail_id_audience_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."audience_mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_deliveries_mail_email_unique" ON "mail_deliveries" USING btree ("mail_id","email");--> statement-breakpoint
CREATE INDEX "mail_deliveries_due" ON "mail_deliveries" USING btree ("status","next_attempt_at");