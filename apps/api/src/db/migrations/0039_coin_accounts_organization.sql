-- Generated, then edited by hand: the column is filled from each account's event before it is
-- made NOT NULL (an event never changes organization). The saved bank accounts of an
-- organization were read through its events, a scan of every coin account of the platform per
-- look at the bank account form; the partial index holds only accounts with a bank saved.
ALTER TABLE "coin_accounts" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
UPDATE "coin_accounts" SET "organization_id" = "events"."organization_id" FROM "events" WHERE "events"."id" = "coin_accounts"."event_id";--> statement-breakpoint
ALTER TABLE "coin_accounts" ALTER COLUMN "organization_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "coin_accounts" ADD CONSTRAINT "coin_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_accounts_org_saved_bank_idx" ON "coin_accounts" USING btree ("organization_id") WHERE "coin_accounts"."bank_code" is not null and "coin_accounts"."bank_account_name" is not null and "coin_accounts"."bank_account_number" is not null;
