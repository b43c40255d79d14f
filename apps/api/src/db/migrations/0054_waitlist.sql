CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"last_education" text,
	"gender" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offer_token" text,
	"offered_until" timestamp with time zone,
	"registrant_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_status_ck" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'accepted', 'expired', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_ticket_waiting_idx" ON "waitlist_entries" USING btree ("ticket_id","seq") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "waitlist_event_seq_idx" ON "waitlist_entries" USING btree ("event_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offer_token_idx" ON "waitlist_entries" USING btree ("offer_token");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_ticket_email_idx" ON "waitlist_entries" USING btree ("ticket_id",regexp_replace(lower("email"), '[+][^@]*@', '@')) WHERE "waitlist_entries"."status" in ('waiting', 'offered');