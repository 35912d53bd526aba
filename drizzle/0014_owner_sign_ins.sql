CREATE TABLE "login_throttles" (
	"account" text PRIMARY KEY NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_login_browsers" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text NOT NULL,
	"user_agent" text,
	"succeeded" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "owner_login_browsers_last_sign_in_idx" ON "owner_login_browsers" USING btree ("last_sign_in_at");--> statement-breakpoint
CREATE INDEX "owner_sign_ins_at_idx" ON "owner_sign_ins" USING btree ("at");