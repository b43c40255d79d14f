CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"registrant_id" uuid,
	"message_id" uuid,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"phone" text NOT NULL,
	"template" text NOT NULL,
	"language" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"wamid" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"error_code" integer,
	"error_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_messages_kind_ck" CHECK ("whatsapp_messages"."kind" in ('ticket', 'declined', 'waitlistOffer', 'reminderDay', 'reminderHour', 'certificate')),
	CONSTRAINT "whatsapp_messages_status_ck" CHECK ("whatsapp_messages"."status" in ('queued', 'sent', 'delivered', 'read', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_optouts" (
	"organization_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_optouts_organization_id_phone_pk" PRIMARY KEY("organization_id","phone")
);
--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "whatsapp_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_optouts" ADD CONSTRAINT "whatsapp_optouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_key_uq" ON "whatsapp_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wamid_uq" ON "whatsapp_messages" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_queue_idx" ON "whatsapp_messages" USING btree ("created_at","id") WHERE "whatsapp_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_message_idx" ON "whatsapp_messages" USING btree ("message_id","status") WHERE "whatsapp_messages"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_event_idx" ON "whatsapp_messages" USING btree ("event_id","kind","status");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_phone_idx" ON "whatsapp_messages" USING btree ("phone","created_at");