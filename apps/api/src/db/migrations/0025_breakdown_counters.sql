CREATE TABLE "event_audience_counters" (
	"event_id" uuid NOT NULL,
	"people" integer DEFAULT 0 NOT NULL,
	"checked_in" integer DEFAULT 0 NOT NULL,
	"not_checked_in" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_audience_people" (
	"event_id" uuid NOT NULL,
	"email" text NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	"checked_in" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_audience_people_event_id_email_pk" PRIMARY KEY("event_id","email")
);
--> statement-breakpoint
CREATE TABLE "event_breakdown_counters" (
	"event_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text,
	"registrants" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_audience_counters" ADD CONSTRAINT "event_audience_counters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_audience_people" ADD CONSTRAINT "event_audience_people_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_breakdown_counters" ADD CONSTRAINT "event_breakdown_counters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_audience_counters_event_idx" ON "event_audience_counters" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_breakdown_counters_event_idx" ON "event_breakdown_counters" USING btree ("event_id","kind");--> statement-breakpoint
-- Written by hand from here. Writers of registrants wait while the counters are filled, so none is
-- counted twice or missed (readers go on).
LOCK TABLE "registrants" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- Each statement on registrants: + as a row is now, - as it was (a refund sets cancelled_at; an
-- email, education or gender changed in place moves the row from one key to the other). The
-- groups get insert-only deltas. A person's row is upserted in key order (two statements never
-- wait for each other in a cycle); its row lock makes the numbers it returns exact, and the old
-- numbers are those minus this statement's change, so the event's distinct counts move by exactly
-- the people whose numbers crossed zero.
CREATE OR REPLACE FUNCTION "audience_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Three spellings of one statement: a transition table a trigger does not have cannot be named.
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT "event_id", lower("email") AS "email", "last_education", "gender", ("cancelled_at" IS NULL)::int AS "r", ("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k" FROM "new_rows"
    ), b AS (
      INSERT INTO "event_breakdown_counters" ("event_id", "kind", "value", "registrants")
      SELECT "event_id", 'education', "last_education", sum("r") FROM d GROUP BY 1, 3 HAVING sum("r") <> 0
      UNION ALL SELECT "event_id", 'gender', "gender", sum("r") FROM d GROUP BY 1, 3 HAVING sum("r") <> 0
    ), pd AS (
      SELECT "event_id", "email", sum("r")::int AS "r", sum("k")::int AS "k" FROM d GROUP BY 1, 2 HAVING sum("r") <> 0 OR sum("k") <> 0
    ), up AS (
      INSERT INTO "event_audience_people" AS p ("event_id", "email", "registered", "checked_in")
      SELECT "event_id", "email", "r", "k" FROM pd ORDER BY 1, 2
      ON CONFLICT ("event_id", "email") DO UPDATE
        SET "registered" = p."registered" + excluded."registered", "checked_in" = p."checked_in" + excluded."checked_in"
      RETURNING p."event_id", p."email", p."registered", p."checked_in"
    ), x AS (
      SELECT up."event_id",
             (up."registered" > 0)::int - (up."registered" - pd."r" > 0)::int AS "a",
             (up."checked_in" > 0)::int - (up."checked_in" - pd."k" > 0)::int AS "c",
             (up."registered" - up."checked_in" > 0)::int - (up."registered" - pd."r" - (up."checked_in" - pd."k") > 0)::int AS "n"
      FROM up JOIN pd ON pd."event_id" = up."event_id" AND pd."email" = up."email"
    )
    INSERT INTO "event_audience_counters" ("event_id", "people", "checked_in", "not_checked_in")
    SELECT "event_id", sum("a"), sum("c"), sum("n") FROM x GROUP BY 1 HAVING sum("a") <> 0 OR sum("c") <> 0 OR sum("n") <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH d AS (
      SELECT "event_id", lower("email") AS "email", "last_education", "gender", ("cancelled_at" IS NULL)::int AS "r", ("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k" FROM "new_rows"
      UNION ALL
      SELECT "event_id", lower("email"), "last_education", "gender", -("cancelled_at" IS NULL)::int, -("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int FROM "old_rows"
    ), b AS (
      INSERT INTO "event_breakdown_counters" ("event_id", "kind", "value", "registrants")
      SELECT "event_id", 'education', "last_education", sum("r") FROM d GROUP BY 1, 3 HAVING sum("r") <> 0
      UNION ALL SELECT "event_id", 'gender', "gender", sum("r") FROM d GROUP BY 1, 3 HAVING sum("r") <> 0
    ), pd AS (
      SELECT "event_id", "email", sum("r")::int AS "r", sum("k")::int AS "k" FROM d GROUP BY 1, 2 HAVING sum("r") <> 0 OR sum("k") <> 0
    ), up AS (
      INSERT INTO "event_audience_people" AS p ("event_id", "email", "registered", "checked_in")
      SELECT "event_id", "email", "r", "k" FROM pd ORDER BY 1, 2
      ON CONFLICT ("event_id", "email") DO UPDATE
        SET "registered" = p."registered" + excluded."registered", "checked_in" = p."checked_in" + excluded."checked_in"
      RETURNING p."event_id", p."email", p."registered", p."checked_in"
    ), x AS (
      SELECT up."event_id",
             (up."registered" > 0)::int - (up."registered" - pd."r" > 0)::int AS "a",
             (up."checked_in" > 0)::int - (up."checked_in" - pd."k" > 0)::int AS "c",
             (up."registered" - up."checked_in" > 0)::int - (up."registered" - pd."r" - (up."checked_in" - pd."k") > 0)::int AS "n"
      FROM up JOIN pd ON pd."event_id" = up."event_id" AND pd."email" = up."email"
    )
    INSERT INTO "event_audience_counters" ("event_id", "people", "checked_in", "not_checked_in")
    SELECT "event_id", sum("a"), sum("c"), sum("n") FROM x GROUP BY 1 HAVING sum("a") <> 0 OR sum("c") <> 0 OR sum("n") <> 0;
  ELSE
    WITH d AS (
      SELECT "event_id", lower("email") AS "email", "last_education", "gender", -("cancelled_at" IS NULL)::int AS "r", -("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k" FROM "old_rows"
    ), b AS (
      INSERT INTO "event_breakdown_counters" ("event_id", "kind", "value", "registrants")
      SELECT "event_id", 'education', "last_education", sum("r") FROM d GROUP BY 1, 3 HAVING sum("r") <> 0
      UNION ALL SELECT "event_id", 'gender', "gender", sum("r") FROM d GROUP BY 1, 3 HAVING sum("r") <> 0
    ), pd AS (
      SELECT "event_id", "email", sum("r")::int AS "r", sum("k")::int AS "k" FROM d GROUP BY 1, 2 HAVING sum("r") <> 0 OR sum("k") <> 0
    ), up AS (
      INSERT INTO "event_audience_people" AS p ("event_id", "email", "registered", "checked_in")
      SELECT "event_id", "email", "r", "k" FROM pd ORDER BY 1, 2
      ON CONFLICT ("event_id", "email") DO UPDATE
        SET "registered" = p."registered" + excluded."registered", "checked_in" = p."checked_in" + excluded."checked_in"
      RETURNING p."event_id", p."email", p."registered", p."checked_in"
    ), x AS (
      SELECT up."event_id",
             (up."registered" > 0)::int - (up."registered" - pd."r" > 0)::int AS "a",
             (up."checked_in" > 0)::int - (up."checked_in" - pd."k" > 0)::int AS "c",
             (up."registered" - up."checked_in" > 0)::int - (up."registered" - pd."r" - (up."checked_in" - pd."k") > 0)::int AS "n"
      FROM up JOIN pd ON pd."event_id" = up."event_id" AND pd."email" = up."email"
    )
    INSERT INTO "event_audience_counters" ("event_id", "people", "checked_in", "not_checked_in")
    SELECT "event_id", sum("a"), sum("c"), sum("n") FROM x GROUP BY 1 HAVING sum("a") <> 0 OR sum("c") <> 0 OR sum("n") <> 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "registrants_audience_insert" AFTER INSERT ON "registrants"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audience_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "registrants_audience_update" AFTER UPDATE ON "registrants"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audience_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "registrants_audience_delete" AFTER DELETE ON "registrants"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "audience_counters_apply"();--> statement-breakpoint
-- compact_counters() of 0023 also folds the groups (a group summing to zero goes) and the audience counts.
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
  RETURN n;
END;
$$;--> statement-breakpoint--> statement-breakpoint
-- What is here already.
INSERT INTO "event_breakdown_counters" ("event_id", "kind", "value", "registrants")
  SELECT "event_id", 'education', "last_education", count(*) FROM "registrants" WHERE "cancelled_at" IS NULL GROUP BY 1, 3
  UNION ALL SELECT "event_id", 'gender', "gender", count(*) FROM "registrants" WHERE "cancelled_at" IS NULL GROUP BY 1, 3;--> statement-breakpoint
INSERT INTO "event_audience_people" ("event_id", "email", "registered", "checked_in")
  SELECT "event_id", lower("email"), count(*), count(*) FILTER (WHERE "checked_in_at" IS NOT NULL)
  FROM "registrants" WHERE "cancelled_at" IS NULL GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "event_audience_counters" ("event_id", "people", "checked_in", "not_checked_in")
  SELECT "event_id", count(*), count(*) FILTER (WHERE "checked_in" > 0), count(*) FILTER (WHERE "registered" > "checked_in")
  FROM "event_audience_people" GROUP BY 1;
