-- A permanent refusal (5xx) is its own status, 'bounced', counted apart from tries exhausted ('failed').
ALTER TABLE "message_deliveries" DROP CONSTRAINT "message_deliveries_status_ck";--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_status_ck" CHECK ("message_deliveries"."status" in ('queued', 'sent', 'failed', 'bounced', 'skipped'));