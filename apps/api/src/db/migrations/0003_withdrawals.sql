CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "money_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"coin_account_id" uuid NOT NULL,
	"withdrawal_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_id" text NOT NULL,
	"coin_account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'unverified' NOT NULL,
	"bank_code" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"bank_account_number" text NOT NULL,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amount_positive_ck" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
-- Edited by hand: every withdrawal_id is still null, the cast only satisfies PostgreSQL.
ALTER TABLE "ledger_entries" ALTER COLUMN "withdrawal_id" SET DATA TYPE uuid USING "withdrawal_id"::uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_audit" ADD CONSTRAINT "money_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_audit" ADD CONSTRAINT "money_audit_coin_account_id_coin_accounts_id_fk" FOREIGN KEY ("coin_account_id") REFERENCES "public"."coin_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_audit" ADD CONSTRAINT "money_audit_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_coin_account_id_coin_accounts_id_fk" FOREIGN KEY ("coin_account_id") REFERENCES "public"."coin_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_audit_account_created_idx" ON "money_audit" USING btree ("coin_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_reference_uq" ON "withdrawals" USING btree ("reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_open_per_event_uq" ON "withdrawals" USING btree ("event_id") WHERE "withdrawals"."status" in ('unverified', 'pending');--> statement-breakpoint
CREATE INDEX "withdrawals_account_created_idx" ON "withdrawals" USING btree ("coin_account_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_withdrawal_kind_uq" ON "ledger_entries" USING btree ("withdrawal_id","kind") WHERE "ledger_entries"."withdrawal_id" is not null;--> statement-breakpoint
-- Written by hand: the audit trail is append-only like the ledger; the trigger function now
-- names whichever table refused.
CREATE OR REPLACE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'raise_exception';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "money_audit_no_update_delete" BEFORE UPDATE OR DELETE ON "money_audit"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "money_audit_no_truncate" BEFORE TRUNCATE ON "money_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
