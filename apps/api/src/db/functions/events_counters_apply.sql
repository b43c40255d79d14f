-- The platform's live drafts and published events (platform_counters) and the live published
-- events by the UTC day of their last date (event_end_day_counters), from each statement on
-- events: + as a row is now, - as it was. Triggers: events_counters_insert, events_counters_update,
-- events_counters_delete (statement).
CREATE OR REPLACE FUNCTION public.events_counters_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "platform_counters" ("events_draft", "events_published")
    SELECT sum("d"), sum("p") FROM (
      SELECT ("deleted_at" IS NULL AND "is_draft")::int AS "d", ("deleted_at" IS NULL AND NOT "is_draft")::int AS "p" FROM "new_rows"
    ) x HAVING sum("d") <> 0 OR sum("p") <> 0;
    INSERT INTO "event_end_day_counters" ("day", "published")
    SELECT ("last_event_at" AT TIME ZONE 'UTC')::date, count(*) FROM "new_rows"
    WHERE "deleted_at" IS NULL AND NOT "is_draft" AND "last_event_at" IS NOT NULL GROUP BY 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "platform_counters" ("events_draft", "events_published")
    SELECT sum("d"), sum("p") FROM (
      SELECT ("deleted_at" IS NULL AND "is_draft")::int AS "d", ("deleted_at" IS NULL AND NOT "is_draft")::int AS "p" FROM "new_rows"
      UNION ALL SELECT -("deleted_at" IS NULL AND "is_draft")::int, -("deleted_at" IS NULL AND NOT "is_draft")::int FROM "old_rows"
    ) x HAVING sum("d") <> 0 OR sum("p") <> 0;
    INSERT INTO "event_end_day_counters" ("day", "published")
    SELECT "day", sum("n") FROM (
      SELECT ("last_event_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "n" FROM "new_rows"
      WHERE "deleted_at" IS NULL AND NOT "is_draft" AND "last_event_at" IS NOT NULL
      UNION ALL SELECT ("last_event_at" AT TIME ZONE 'UTC')::date, -1 FROM "old_rows"
      WHERE "deleted_at" IS NULL AND NOT "is_draft" AND "last_event_at" IS NOT NULL
    ) x GROUP BY 1 HAVING sum("n") <> 0;
  ELSE
    INSERT INTO "platform_counters" ("events_draft", "events_published")
    SELECT sum("d"), sum("p") FROM (
      SELECT -("deleted_at" IS NULL AND "is_draft")::int AS "d", -("deleted_at" IS NULL AND NOT "is_draft")::int AS "p" FROM "old_rows"
    ) x HAVING sum("d") <> 0 OR sum("p") <> 0;
    INSERT INTO "event_end_day_counters" ("day", "published")
    SELECT ("last_event_at" AT TIME ZONE 'UTC')::date, -count(*) FROM "old_rows"
    WHERE "deleted_at" IS NULL AND NOT "is_draft" AND "last_event_at" IS NOT NULL GROUP BY 1;
  END IF;
  RETURN NULL;
END;
$function$;
