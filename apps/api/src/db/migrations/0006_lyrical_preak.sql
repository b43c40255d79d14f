-- Certificates verify by an unguessable token; existing recipients get one here
-- (122 random bits from gen_random_uuid, 32 hex characters: URL-safe). Their printed links
-- carry only the serial, which now says only that the certificate exists.
ALTER TABLE "certificate_recipients" ADD COLUMN "verify_token" text;--> statement-breakpoint
UPDATE "certificate_recipients" SET "verify_token" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "certificate_recipients" ALTER COLUMN "verify_token" SET NOT NULL;--> statement-breakpoint
-- The daily recipient limit counts rows by creation; existing rows date from their batch's publication.
ALTER TABLE "certificate_recipients" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "certificate_recipients" r SET "created_at" = coalesce(c."published_at", c."updated_at") FROM "certificates" c WHERE c."id" = r."certificate_id";--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_recipients_verify_token_uq" ON "certificate_recipients" USING btree ("verify_token");
