CREATE TABLE "evaluation_invites" (
	"registrant_id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "evaluation_invites" ADD CONSTRAINT "evaluation_invites_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_invites" ADD CONSTRAINT "evaluation_invites_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_invites_event_idx" ON "evaluation_invites" USING btree ("event_id");