ALTER TABLE "events" ADD COLUMN "cancellation_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "requires_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "waitlist" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "access_code" text;