-- Confirmed tickets, gross, discount and amount per event (event_sales_counters), and tickets
-- and sales of the organizations and the platform, from each statement on transactions: + as a
-- row is now, - as it was; delta rows, insert-only, folded by compact_counters().
-- Triggers: transactions_counters_insert, transactions_counters_update, transactions_counters_delete (statement).
CREATE OR REPLACE FUNCTION public.sales_counters_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT "event_id", "quantity" AS "t", "gross_amount" AS "g", "discount_amount" AS "x", "amount" AS "a" FROM "new_rows" WHERE "status" = 'confirmed'
    ), p AS (
      INSERT INTO "platform_counters" ("tickets_sold", "sales") SELECT sum("t"), sum("a") FROM d HAVING sum("t") <> 0 OR sum("a") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "tickets_sold", "sales")
      SELECT e."organization_id", sum(d."t"), sum(d."a") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."t") <> 0 OR sum(d."a") <> 0
    )
    INSERT INTO "event_sales_counters" ("event_id", "tickets_sold", "gross", "discount", "amount")
    SELECT "event_id", sum("t"), sum("g"), sum("x"), sum("a") FROM d GROUP BY 1
    HAVING sum("t") <> 0 OR sum("g") <> 0 OR sum("x") <> 0 OR sum("a") <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH d AS (
      SELECT "event_id", "quantity" AS "t", "gross_amount" AS "g", "discount_amount" AS "x", "amount" AS "a" FROM "new_rows" WHERE "status" = 'confirmed'
      UNION ALL
      SELECT "event_id", -"quantity", -"gross_amount", -"discount_amount", -"amount" FROM "old_rows" WHERE "status" = 'confirmed'
    ), p AS (
      INSERT INTO "platform_counters" ("tickets_sold", "sales") SELECT sum("t"), sum("a") FROM d HAVING sum("t") <> 0 OR sum("a") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "tickets_sold", "sales")
      SELECT e."organization_id", sum(d."t"), sum(d."a") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."t") <> 0 OR sum(d."a") <> 0
    )
    INSERT INTO "event_sales_counters" ("event_id", "tickets_sold", "gross", "discount", "amount")
    SELECT "event_id", sum("t"), sum("g"), sum("x"), sum("a") FROM d GROUP BY 1
    HAVING sum("t") <> 0 OR sum("g") <> 0 OR sum("x") <> 0 OR sum("a") <> 0;
  ELSE
    WITH d AS (
      SELECT "event_id", -"quantity" AS "t", -"gross_amount" AS "g", -"discount_amount" AS "x", -"amount" AS "a" FROM "old_rows" WHERE "status" = 'confirmed'
    ), p AS (
      INSERT INTO "platform_counters" ("tickets_sold", "sales") SELECT sum("t"), sum("a") FROM d HAVING sum("t") <> 0 OR sum("a") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "tickets_sold", "sales")
      SELECT e."organization_id", sum(d."t"), sum(d."a") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."t") <> 0 OR sum(d."a") <> 0
    )
    INSERT INTO "event_sales_counters" ("event_id", "tickets_sold", "gross", "discount", "amount")
    SELECT "event_id", sum("t"), sum("g"), sum("x"), sum("a") FROM d GROUP BY 1
    HAVING sum("t") <> 0 OR sum("g") <> 0 OR sum("x") <> 0 OR sum("a") <> 0;
  END IF;
  RETURN NULL;
END;
$function$;
