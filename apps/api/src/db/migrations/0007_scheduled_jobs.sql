-- Scheduled jobs (the withdrawal expiry sweep): one row per job, keyed by its id, so every
-- process may schedule it and only one row exists to claim.
ALTER TABLE "jobs" ADD COLUMN "key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_idx" ON "jobs" USING btree ("key");