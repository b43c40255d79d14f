-- The participant list by name walks (event_id, name, id) of the current registrants instead of
-- sorting all of an event's; the door search's email and phone arms match from the start through
-- btrees (text_pattern_ops, whatever the collation): the email one is the per-ticket email index
-- rebuilt with that operator class (equality still served), so only two btrees join the intake's path.
DROP INDEX "registrants_ticket_email_idx";--> statement-breakpoint
CREATE INDEX "registrants_event_name_idx" ON "registrants" USING btree ("event_id","name","id") WHERE "registrants"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "registrants_event_phone_idx" ON "registrants" USING btree ("event_id",regexp_replace(regexp_replace(coalesce("phone_number", ''), '[^0-9]', '', 'g'), '^(62)?0*', '') text_pattern_ops) WHERE "registrants"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "registrants_ticket_email_idx" ON "registrants" USING btree ("ticket_id",lower("email") text_pattern_ops);