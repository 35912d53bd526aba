CREATE INDEX "contacts_created_at_id" ON "contacts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "guest_applications_created_at_id" ON "guest_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscribers_created_at_id" ON "subscribers" USING btree ("created_at","id");