-- Name "contains" searches (ilike '%…%') of participants and events through trigram GIN indexes
-- (participants' email searches are left to the event's rows: a second trigram index on the
-- intake's hot path cost too much); the lists' orders (created_at, id) in full,
-- so a page walks an index; the admin list's count index only.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "events_created_at_idx";--> statement-breakpoint
DROP INDEX "registrants_event_created_idx";--> statement-breakpoint
CREATE INDEX "events_live_group_idx" ON "events" USING btree ("is_draft","last_event_at") WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "events_name_trgm_idx" ON "events" USING gin ("name" gin_trgm_ops) WHERE "events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "registrants_name_trgm_idx" ON "registrants" USING gin ("name" gin_trgm_ops) WHERE "registrants"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "registrants_event_created_idx" ON "registrants" USING btree ("event_id","created_at","id");