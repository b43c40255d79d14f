ALTER TABLE "attendance_codes" ADD COLUMN "wrong_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attendance_codes" ADD COLUMN "wrong_count" integer DEFAULT 0 NOT NULL;