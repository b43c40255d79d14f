CREATE TABLE "event_end_day_counters" (
	"day" date NOT NULL,
	"published" bigint NOT NULL
);
--> statement-breakpoint
-- Written by hand from here. The admin's overview and event list count the passed events on every
-- load: off events_published_last_idx that read every one of them (3,600 of 9,000 at scale, and
-- they only accumulate). Live published events with a last date are counted by its UTC day here,
-- by the trigger that keeps the platform's drafts and published (0023): + as a row is now, - as it was.
CREATE OR REPLACE FUNCTION "events_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
-- compact_counters() of 0025 also folds each day's rows into one (a day summing to zero goes).
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
$$;--> statement-breakpoint
-- What is here already.
INSERT INTO "event_end_day_counters" ("day", "published")
  SELECT ("last_event_at" AT TIME ZONE 'UTC')::date, count(*) FROM "events"
  WHERE "deleted_at" IS NULL AND NOT "is_draft" AND "last_event_at" IS NOT NULL GROUP BY 1;
