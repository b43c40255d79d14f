-- Every registrant gets an e-ticket code (API.md, Check-in): unguessable, URL-safe, unique.
-- The API gives new rows 128 random bits (base64url, 22 characters). Rows already there are
-- backfilled here, each from two random UUIDs (244 random bits, base64url without padding,
-- 43 characters); the same expression stays as the default for rows written by hand (seeds).
ALTER TABLE "registrants" ADD COLUMN "ticket_code" text;--> statement-breakpoint
UPDATE "registrants" SET "ticket_code" = translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex') || decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_') WHERE "ticket_code" IS NULL;--> statement-breakpoint
ALTER TABLE "registrants" ALTER COLUMN "ticket_code" SET DEFAULT translate(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex') || decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/=', '-_');--> statement-breakpoint
ALTER TABLE "registrants" ALTER COLUMN "ticket_code" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "registrants_ticket_code_uq" ON "registrants" USING btree ("ticket_code");
