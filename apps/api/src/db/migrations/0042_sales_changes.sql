ALTER TABLE "event_sales_counters" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Generated (the column), then written by hand: Riwayat Penjualan shows an event's transactions
-- whatever their status, so every statement on them counts in the event's `changes`, in the row of
-- deltas the counters' trigger (0023's, the same but for this) writes anyway: one row per event
-- touched, written whatever the deltas (a status or a buyer's name moves no total), so a sale pays
-- nothing more. The platform's and organizations' totals still skip zero deltas. A process keeps a
-- page it read while the sum is unchanged (lib/read-versions.ts).
CREATE OR REPLACE FUNCTION "sales_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Three spellings of one statement: a transition table a trigger does not have cannot be named.
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT "event_id", k * "quantity" AS "t", k * "gross_amount" AS "g", k * "discount_amount" AS "x", k * "amount" AS "a"
      FROM (SELECT *, ("status" = 'confirmed')::int AS k FROM "new_rows") n
    ), p AS (
      INSERT INTO "platform_counters" ("tickets_sold", "sales") SELECT sum("t"), sum("a") FROM d HAVING sum("t") <> 0 OR sum("a") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "tickets_sold", "sales")
      SELECT e."organization_id", sum(d."t"), sum(d."a") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."t") <> 0 OR sum(d."a") <> 0
    )
    INSERT INTO "event_sales_counters" ("event_id", "tickets_sold", "gross", "discount", "amount", "changes")
    SELECT "event_id", sum("t"), sum("g"), sum("x"), sum("a"), 1 FROM d GROUP BY 1;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH d AS (
      SELECT "event_id", k * "quantity" AS "t", k * "gross_amount" AS "g", k * "discount_amount" AS "x", k * "amount" AS "a"
      FROM (SELECT *, ("status" = 'confirmed')::int AS k FROM "new_rows") n
      UNION ALL
      SELECT "event_id", -k * "quantity", -k * "gross_amount", -k * "discount_amount", -k * "amount"
      FROM (SELECT *, ("status" = 'confirmed')::int AS k FROM "old_rows") o
    ), p AS (
      INSERT INTO "platform_counters" ("tickets_sold", "sales") SELECT sum("t"), sum("a") FROM d HAVING sum("t") <> 0 OR sum("a") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "tickets_sold", "sales")
      SELECT e."organization_id", sum(d."t"), sum(d."a") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."t") <> 0 OR sum(d."a") <> 0
    )
    INSERT INTO "event_sales_counters" ("event_id", "tickets_sold", "gross", "discount", "amount", "changes")
    SELECT "event_id", sum("t"), sum("g"), sum("x"), sum("a"), 1 FROM d GROUP BY 1;
  ELSE
    WITH d AS (
      SELECT "event_id", -k * "quantity" AS "t", -k * "gross_amount" AS "g", -k * "discount_amount" AS "x", -k * "amount" AS "a"
      FROM (SELECT *, ("status" = 'confirmed')::int AS k FROM "old_rows") o
    ), p AS (
      INSERT INTO "platform_counters" ("tickets_sold", "sales") SELECT sum("t"), sum("a") FROM d HAVING sum("t") <> 0 OR sum("a") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "tickets_sold", "sales")
      SELECT e."organization_id", sum(d."t"), sum(d."a") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."t") <> 0 OR sum(d."a") <> 0
    )
    INSERT INTO "event_sales_counters" ("event_id", "tickets_sold", "gross", "discount", "amount", "changes")
    SELECT "event_id", sum("t"), sum("g"), sum("x"), sum("a"), 1 FROM d GROUP BY 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- compact_counters() of 0041, the events' `changes` summed with the rest.
CREATE OR REPLACE FUNCTION "compact_counters"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  WITH gone AS (
    DELETE FROM "event_sales_counters" WHERE "event_id" IN (SELECT "event_id" FROM "event_sales_counters" GROUP BY 1 HAVING count(*) > 1)
    RETURNING *
  ), back AS (
    INSERT INTO "event_sales_counters" ("event_id", "tickets_sold", "gross", "discount", "amount", "balance", "changes")
    SELECT "event_id", sum("tickets_sold"), sum("gross"), sum("discount"), sum("amount"), sum("balance"), sum("changes") FROM gone GROUP BY 1
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
