-- An event's balance in event_sales_counters, from each statement inserting ledger_entries (the
-- ledger is append-only): one delta row per event whose sum moved, insert-only, folded by
-- compact_counters(). Triggers: ledger_entries_counters_insert (statement).
CREATE OR REPLACE FUNCTION public.balance_counters_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "event_sales_counters" ("event_id", "balance")
  SELECT "event_id", sum("amount") FROM "new_rows" GROUP BY 1 HAVING sum("amount") <> 0;
  RETURN NULL;
END;
$function$;
