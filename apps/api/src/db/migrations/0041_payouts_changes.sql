ALTER TABLE "organization_counters" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Generated (the column), then written by hand: what an organization's payout drawer shows
-- changed, counted in the transaction of every change, whoever writes (schema/metrics.ts). Each
-- statement that changes it inserts a delta row `changes = 1` per organization touched: insert-only
-- like the other counters (nothing waits on a row; compact_counters() folds them), so the sum only
-- rises. A process keeps a drawer page it read while the sum is unchanged (lib/read-versions.ts);
-- what time alone changes (an event's last date passing, a code lapsing) bounds it apart.
CREATE OR REPLACE FUNCTION "organization_changes_raise"("ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "organization_counters" ("organization_id", "changes")
  SELECT DISTINCT o, 1 FROM unnest("ids") AS o WHERE o IS NOT NULL;
END;
$$;--> statement-breakpoint
-- Balances: the ledger's trigger (0023's) raises its events' organizations in the same statement
-- as the balance rows it already writes (a sale pays one more row inserted, no lock).
CREATE OR REPLACE FUNCTION "balance_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH b AS (
    INSERT INTO "event_sales_counters" ("event_id", "balance")
    SELECT "event_id", sum("amount") FROM "new_rows" GROUP BY 1 HAVING sum("amount") <> 0
  )
  INSERT INTO "organization_counters" ("organization_id", "changes")
  SELECT DISTINCT e."organization_id", 1 FROM "new_rows" n JOIN "events" e ON e."id" = n."event_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Withdrawals: an open request hides its event from the drawer; its status, amount and dates are
-- shown in the history.
CREATE OR REPLACE FUNCTION "withdrawals_changes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "organization_changes_raise"(ARRAY(SELECT e."organization_id" FROM "new_rows" w JOIN "events" e ON e."id" = w."event_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "organization_changes_raise"(ARRAY(SELECT e."organization_id" FROM "old_rows" w JOIN "events" e ON e."id" = w."event_id"));
  ELSE
    PERFORM "organization_changes_raise"(ARRAY(
      SELECT e."organization_id" FROM "new_rows" w JOIN "events" e ON e."id" = w."event_id"
      UNION SELECT e."organization_id" FROM "old_rows" w JOIN "events" e ON e."id" = w."event_id"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "withdrawals_changes_insert" AFTER INSERT ON "withdrawals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_changes_update" AFTER UPDATE ON "withdrawals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "withdrawals_changes_delete" AFTER DELETE ON "withdrawals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "withdrawals_changes_apply"();--> statement-breakpoint
-- Coin accounts: the drawer lists an event through its account (and shows the account's id).
CREATE OR REPLACE FUNCTION "coin_accounts_changes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "organization_changes_raise"(ARRAY(SELECT "organization_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "organization_changes_raise"(ARRAY(SELECT "organization_id" FROM "old_rows"));
  ELSE
    PERFORM "organization_changes_raise"(ARRAY(SELECT "organization_id" FROM "new_rows" UNION SELECT "organization_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "coin_accounts_changes_insert" AFTER INSERT ON "coin_accounts"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "coin_accounts_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "coin_accounts_changes_update" AFTER UPDATE ON "coin_accounts"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "coin_accounts_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "coin_accounts_changes_delete" AFTER DELETE ON "coin_accounts"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "coin_accounts_changes_apply"();--> statement-breakpoint
-- Events: the columns the drawer shows or filters on (row triggers: the WHEN skips every other
-- update cheaply; an event never changes organization, but one that did would raise both).
CREATE OR REPLACE FUNCTION "events_payout_changes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "organization_changes_raise"(ARRAY[NEW."organization_id"]);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "organization_changes_raise"(ARRAY[OLD."organization_id"]);
  ELSE
    PERFORM "organization_changes_raise"(ARRAY[OLD."organization_id", NEW."organization_id"]);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "events_payout_changes_insert" AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "events_payout_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "events_payout_changes_update" AFTER UPDATE ON "events" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."image_url" IS DISTINCT FROM NEW."image_url"
    OR OLD."last_event_at" IS DISTINCT FROM NEW."last_event_at" OR OLD."is_draft" IS DISTINCT FROM NEW."is_draft"
    OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."is_paid_event" IS DISTINCT FROM NEW."is_paid_event"
    OR OLD."registration_method" IS DISTINCT FROM NEW."registration_method" OR OLD."organization_id" IS DISTINCT FROM NEW."organization_id")
  EXECUTE FUNCTION "events_payout_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "events_payout_changes_delete" AFTER DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_payout_changes_apply"();--> statement-breakpoint
-- compact_counters() of 0034, the organizations' `changes` summed with the rest.
CREATE OR REPLACE FUNCTION "compact_counters"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  WITH gone AS (
    DELETE FROM "event_sales_counters" WHERE "event_id" IN (SELECT "event_id" FROM "event_sales_counters" GROUP BY 1 HAVING count(*) > 1)
    RETURNING *
  ), back AS (
    INSERT INTO "event_sales_counters" ("event_id", "tickets_sold", "gross", "discount", "amount", "balance")
    SELECT "event_id", sum("tickets_sold"), sum("gross"), sum("discount"), sum("amount"), sum("balance") FROM gone GROUP BY 1
    RETURNING 1
  )
  SELECT count(*) INTO n FROM gone;
  WITH gone AS (
    DELETE FROM "organization_counters" WHERE "organization_id" IN (SELECT "organization_id" FROM "organization_counters" GROUP BY 1 HAVING count(*) > 1)
    RETURNING *
  )
  INSERT INTO "organization_counters" ("organization_id", "participants", "tickets_sold", "sales", "changes")
  SELECT "organization_id", sum("participants"), sum("tickets_sold"), sum("sales"), sum("changes") FROM gone GROUP BY 1;
  IF (SELECT count(*) FROM "platform_counters") > 1 THEN
    WITH gone AS (DELETE FROM "platform_counters" RETURNING *)
    INSERT INTO "platform_counters" ("participants", "tickets_sold", "sales", "events_draft", "events_published")
    SELECT sum("participants"), sum("tickets_sold"), sum("sales"), sum("events_draft"), sum("events_published") FROM gone HAVING count(*) > 0;
  END IF;
  WITH gone AS (
    DELETE FROM "event_breakdown_counters" WHERE "event_id" IN (
      SELECT "event_id" FROM "event_breakdown_counters" GROUP BY "event_id", "kind", "value" HAVING count(*) > 1)
    RETURNING *
  )
  INSERT INTO "event_breakdown_counters" ("event_id", "kind", "value", "registrants")
  SELECT "event_id", "kind", "value", sum("registrants") FROM gone GROUP BY 1, 2, 3 HAVING sum("registrants") <> 0;
  WITH gone AS (
    DELETE FROM "event_audience_counters" WHERE "event_id" IN (SELECT "event_id" FROM "event_audience_counters" GROUP BY 1 HAVING count(*) > 1)
    RETURNING *
  )
  INSERT INTO "event_audience_counters" ("event_id", "people", "checked_in", "not_checked_in")
  SELECT "event_id", sum("people"), sum("checked_in"), sum("not_checked_in") FROM gone GROUP BY 1;
  WITH gone AS (
    DELETE FROM "event_end_day_counters" WHERE "day" IN (SELECT "day" FROM "event_end_day_counters" GROUP BY 1 HAVING count(*) > 1 OR sum("published") = 0)
    RETURNING *
  )
  INSERT INTO "event_end_day_counters" ("day", "published")
  SELECT "day", sum("published") FROM gone GROUP BY 1 HAVING sum("published") <> 0;
  RETURN n;
END;
$$;
