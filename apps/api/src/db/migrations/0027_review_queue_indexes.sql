-- The admin's review queue walks one of these in its order and counts the waiting events off one
-- of them: a page no longer joins, sorts and window-counts every waiting event.
CREATE INDEX "events_review_created_idx" ON "events" USING btree ("created_at","id") WHERE "events"."approved_status" = 'pending' and not "events"."is_draft" and "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_review_updated_idx" ON "events" USING btree ("updated_at","id") WHERE "events"."approved_status" = 'pending' and not "events"."is_draft" and "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_review_name_idx" ON "events" USING btree ("name","id") WHERE "events"."approved_status" = 'pending' and not "events"."is_draft" and "events"."deleted_at" is null;