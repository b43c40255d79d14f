ALTER TABLE "uploads" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sender_key" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "named_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "uploads_unnamed_by_sender_idx" ON "uploads" USING btree ("sender_key","created_at") WHERE "uploads"."named_at" is null and "uploads"."sender_key" is not null;--> statement-breakpoint
CREATE INDEX "uploads_unnamed_by_event_idx" ON "uploads" USING btree ("event_id","created_at") WHERE "uploads"."named_at" is null and "uploads"."event_id" is not null;