-- Name searches keyed by event: btree_gin lets one GIN index hold the event id beside the name's
-- trigrams, so "this event's registrants whose name holds X" reads only that event's entries even
-- when X is common elsewhere on the platform.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "registrants_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "registrants_event_name_trgm_idx" ON "registrants" USING gin ("event_id","name" gin_trgm_ops) WHERE "registrants"."cancelled_at" is null;--> statement-breakpoint
-- The public pages' change notices: nothing listens for them any more (every request reads the
-- page's version), so their triggers and function go.
DROP TRIGGER IF EXISTS "events_public_page_notify" ON "events";--> statement-breakpoint
DROP TRIGGER IF EXISTS "tickets_public_page_notify" ON "tickets";--> statement-breakpoint
DROP TRIGGER IF EXISTS "registration_questions_public_page_notify" ON "registration_questions";--> statement-breakpoint
DROP FUNCTION IF EXISTS "public_page_notify"();
