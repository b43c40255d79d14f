-- Folds the delta rows of the counters the product shows (an event's sales and balance, an
-- organization's and the platform's totals, the education and gender groups, the audience, the
-- passed events by day) into one row per key; the sums stay. Run by the counters.compact job;
-- answers how many event_sales_counters rows it folded.
CREATE OR REPLACE FUNCTION public.compact_counters()
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
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
  INSERT INTO "organization_counters" ("organization_id", "participants", "tickets_sold", "sales")
  SELECT "organization_id", sum("participants"), sum("tickets_sold"), sum("sales") FROM gone GROUP BY 1;
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
$function$;
