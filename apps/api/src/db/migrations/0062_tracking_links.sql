-- Tracking links (API.md, Integrations): an event's links with their visit counter, and the code a
-- registration came through on the registrant; registrations and check-ins per link are counted
-- from that column through the partial index.
CREATE TABLE "tracking_links" (
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_links_event_id_code_pk" PRIMARY KEY("event_id","code")
);
--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrants_event_ref_idx" ON "registrants" USING btree ("event_id","ref","checked_in_at") WHERE "registrants"."status" = 'confirmed' and "registrants"."ref" is not null;