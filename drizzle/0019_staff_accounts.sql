CREATE TABLE "staff_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'active' NOT NULL,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"recovery_code_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "staff_accounts_role_check" CHECK ("staff_accounts"."role" in ('owner', 'editor', 'support')),
	CONSTRAINT "staff_accounts_status_check" CHECK ("staff_accounts"."status" in ('active', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_staff_idx" ON "staff_invitations" USING btree ("staff_id");--> statement-breakpoint
-- An existing installation's owner password becomes the owner account's; start-up sets its email from OWNER_EMAIL.
INSERT INTO "staff_accounts" ("email", "role", "password_hash") SELECT 'owner@localhost', 'owner', "value" FROM "app_secrets" WHERE "key" = 'owner_password_hash';--> statement-breakpoint
DELETE FROM "app_secrets" WHERE "key" = 'owner_password_hash';--> statement-breakpoint
-- Sessions of the single-password owner carry no account; the owner signs in again.
DELETE FROM "sessions" WHERE "sess"->>'ownerExpiresAt' IS NOT NULL;
