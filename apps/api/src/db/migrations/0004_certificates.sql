CREATE TABLE "certificate_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"serial" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"png_path" text,
	"pdf_path" text,
	"rendered_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"event_id" uuid,
	"status" text DEFAULT 'drafted' NOT NULL,
	"recipient_type" text,
	"recipient_csv" jsonb,
	"total_recipient" integer DEFAULT 0 NOT NULL,
	"template_background_url" text,
	"serial_number_prefix" text,
	"group_name" text,
	"template_objects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"csv_problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "certificate_recipients" ADD CONSTRAINT "certificate_recipients_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_recipients_position_uq" ON "certificate_recipients" USING btree ("certificate_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_recipients_serial_uq" ON "certificate_recipients" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "certificate_recipients_pending_idx" ON "certificate_recipients" USING btree ("certificate_id") WHERE "certificate_recipients"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_creator_created_idx" ON "certificates" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_after");