CREATE TABLE "coin_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"status" text DEFAULT 'Not Processed' NOT NULL,
	"bank_code" text,
	"bank_account_name" text,
	"bank_account_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coin_account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"transaction_id" uuid,
	"withdrawal_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_sign_ck" CHECK (("ledger_entries"."kind" in ('sale', 'fee_refund', 'withdrawal_release') and "ledger_entries"."amount" >= 0)
      or ("ledger_entries"."kind" in ('refund', 'payment_fee', 'withdrawal_reserve') and "ledger_entries"."amount" <= 0))
);
--> statement-breakpoint
ALTER TABLE "coin_accounts" ADD CONSTRAINT "coin_accounts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_coin_account_id_coin_accounts_id_fk" FOREIGN KEY ("coin_account_id") REFERENCES "public"."coin_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_accounts_event_uq" ON "coin_accounts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" USING btree ("coin_account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_transaction_kind_uq" ON "ledger_entries" USING btree ("transaction_id","kind") WHERE "ledger_entries"."transaction_id" is not null;--> statement-breakpoint
-- Written by hand (not generated): the ledger is append-only. Any UPDATE, DELETE or TRUNCATE of
-- ledger_entries raises, whoever runs it; a correction is a new, compensating entry.
CREATE OR REPLACE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'raise_exception';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
--> statement-breakpoint
-- Written by hand: transactions recorded before the ledger existed get their entries now, as the
-- code writes them (account id md5('coin-account:' || event_id), see coinAccountIdOf; fee Rp4.000
-- = PAYMENT_FEE_RUPIAH at the time of this migration, capped at the amount paid; refunded ones
-- also get their refund and fee refund). Inserts only: the append-only trigger is not involved.
INSERT INTO "coin_accounts" ("id", "event_id")
  SELECT DISTINCT md5('coin-account:' || "event_id"::text)::uuid, "event_id" FROM "transactions"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_entries" ("coin_account_id", "event_id", "kind", "amount", "transaction_id", "created_at")
  SELECT md5('coin-account:' || t."event_id"::text)::uuid, t."event_id", e.kind, e.amount, t."id", e.at
  FROM "transactions" t CROSS JOIN LATERAL (VALUES
    ('sale', t."amount", t."created_at"),
    ('payment_fee', -least(4000, t."amount"), t."created_at"),
    ('refund', CASE WHEN t."status" = 'refund' THEN -t."amount" END, coalesce(t."refunded_at", t."created_at")),
    ('fee_refund', CASE WHEN t."status" = 'refund' AND t."amount" > 0 THEN least(4000, t."amount") END, coalesce(t."refunded_at", t."created_at"))
  ) AS e(kind, amount, at)
  WHERE e.amount IS NOT NULL;
