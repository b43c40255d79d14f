CREATE TABLE "event_sales_counters" (
	"event_id" uuid NOT NULL,
	"tickets_sold" bigint DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_counters" (
	"organization_id" uuid NOT NULL,
	"participants" bigint DEFAULT 0 NOT NULL,
	"tickets_sold" bigint DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_counters" (
	"participants" bigint DEFAULT 0 NOT NULL,
	"tickets_sold" bigint DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"events_draft" bigint DEFAULT 0 NOT NULL,
	"events_published" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkin_counters" ADD COLUMN "seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_sales_counters" ADD CONSTRAINT "event_sales_counters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_counters" ADD CONSTRAINT "organization_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_sales_counters_event_idx" ON "event_sales_counters" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "organization_counters_org_idx" ON "organization_counters" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "events_published_last_idx" ON "events" USING btree ("last_event_at") WHERE "events"."deleted_at" is null and not "events"."is_draft";--> statement-breakpoint
-- Written by hand from here. Writers of the counted facts wait while the counters are filled, so
-- none is counted twice or missed (readers go on).
LOCK TABLE "events", "registrants", "transactions", "ledger_entries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- The per-ticket counters also keep the seats held (sum of quantity), and each statement on
-- registrants adds its change of current registrants to its organizations' and the platform's
-- rows (insert-only).
CREATE OR REPLACE FUNCTION "checkin_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s smallint := floor(random() * 8)::smallint;
BEGIN
  -- Three spellings of one statement: a transition table a trigger does not have cannot be named.
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT "event_id", "ticket_id", ("cancelled_at" IS NULL)::int AS "r", ("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k",
             CASE WHEN "cancelled_at" IS NULL THEN "quantity" ELSE 0 END AS "q" FROM "new_rows"
    ), p AS (
      INSERT INTO "platform_counters" ("participants") SELECT sum("r") FROM d HAVING sum("r") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "participants")
      SELECT e."organization_id", sum(d."r") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."r") <> 0
    )
    INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in", "seats")
    SELECT "event_id", "ticket_id", s, sum("r"), sum("k"), sum("q") FROM d
    GROUP BY 1, 2 HAVING sum("r") <> 0 OR sum("k") <> 0 OR sum("q") <> 0 ORDER BY 1, 2
    ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
      SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in", "seats" = c."seats" + excluded."seats";
  ELSIF TG_OP = 'UPDATE' THEN
    WITH d AS (
      SELECT "event_id", "ticket_id", ("cancelled_at" IS NULL)::int AS "r", ("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k",
             CASE WHEN "cancelled_at" IS NULL THEN "quantity" ELSE 0 END AS "q" FROM "new_rows"
      UNION ALL
      SELECT "event_id", "ticket_id", -("cancelled_at" IS NULL)::int, -("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int,
             CASE WHEN "cancelled_at" IS NULL THEN -"quantity" ELSE 0 END FROM "old_rows"
    ), p AS (
      INSERT INTO "platform_counters" ("participants") SELECT sum("r") FROM d HAVING sum("r") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "participants")
      SELECT e."organization_id", sum(d."r") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."r") <> 0
    )
    INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in", "seats")
    SELECT "event_id", "ticket_id", s, sum("r"), sum("k"), sum("q") FROM d
    GROUP BY 1, 2 HAVING sum("r") <> 0 OR sum("k") <> 0 OR sum("q") <> 0 ORDER BY 1, 2
    ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
      SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in", "seats" = c."seats" + excluded."seats";
  ELSE
    WITH d AS (
      SELECT "event_id", "ticket_id", -("cancelled_at" IS NULL)::int AS "r", -("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k",
             CASE WHEN "cancelled_at" IS NULL THEN -"quantity" ELSE 0 END AS "q" FROM "old_rows"
    ), p AS (
      INSERT INTO "platform_counters" ("participants") SELECT sum("r") FROM d HAVING sum("r") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "participants")
      SELECT e."organization_id", sum(d."r") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."r") <> 0
    )
    INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in", "seats")
    SELECT "event_id", "ticket_id", s, sum("r"), sum("k"), sum("q") FROM d
    GROUP BY 1, 2 HAVING sum("r") <> 0 OR sum("k") <> 0 OR sum("q") <> 0 ORDER BY 1, 2
    ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
      SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in", "seats" = c."seats" + excluded."seats";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Confirmed transactions, per event, organization and the platform: + as a row is now, - as it was.
CREATE OR REPLACE FUNCTION "sales_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_counters_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sales_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "transactions_counters_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sales_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "transactions_counters_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sales_counters_apply"();--> statement-breakpoint
-- The ledger only grows (its own trigger refuses UPDATE, DELETE and TRUNCATE): a balance moves by what is inserted.
CREATE OR REPLACE FUNCTION "balance_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_sales_counters" ("event_id", "balance")
  SELECT "event_id", sum("amount") FROM "new_rows" GROUP BY 1 HAVING sum("amount") <> 0;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_counters_insert" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "balance_counters_apply"();--> statement-breakpoint
-- Live events for the admin's overview: drafts and published, + as a row is now, - as it was.
CREATE OR REPLACE FUNCTION "events_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "platform_counters" ("events_draft", "events_published")
    SELECT sum("d"), sum("p") FROM (
      SELECT ("deleted_at" IS NULL AND "is_draft")::int AS "d", ("deleted_at" IS NULL AND NOT "is_draft")::int AS "p" FROM "new_rows"
    ) x HAVING sum("d") <> 0 OR sum("p") <> 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "platform_counters" ("events_draft", "events_published")
    SELECT sum("d"), sum("p") FROM (
      SELECT ("deleted_at" IS NULL AND "is_draft")::int AS "d", ("deleted_at" IS NULL AND NOT "is_draft")::int AS "p" FROM "new_rows"
      UNION ALL SELECT -("deleted_at" IS NULL AND "is_draft")::int, -("deleted_at" IS NULL AND NOT "is_draft")::int FROM "old_rows"
    ) x HAVING sum("d") <> 0 OR sum("p") <> 0;
  ELSE
    INSERT INTO "platform_counters" ("events_draft", "events_published")
    SELECT sum("d"), sum("p") FROM (
      SELECT -("deleted_at" IS NULL AND "is_draft")::int AS "d", -("deleted_at" IS NULL AND NOT "is_draft")::int AS "p" FROM "old_rows"
    ) x HAVING sum("d") <> 0 OR sum("p") <> 0;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "events_counters_insert" AFTER INSERT ON "events"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "events_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "events_counters_update" AFTER UPDATE ON "events"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "events_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "events_counters_delete" AFTER DELETE ON "events"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "events_counters_apply"();--> statement-breakpoint
-- Folds each event's rows into one, each organization's into one, and the platform's into one. Rows a writer has not committed
-- yet are not seen and stay for the next time; two runs at once delete disjoint rows (a row
-- deleted by the other is skipped), and each adds back exactly what it deleted.
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
  RETURN n;
END;
$$;--> statement-breakpoint
-- What is here already: seats per ticket, sales and balances per event, the organizations' and the platform's totals.
UPDATE "checkin_counters" SET "seats" = 0;--> statement-breakpoint
INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in", "seats")
  SELECT "event_id", "ticket_id", 0, 0, 0, sum("quantity") FROM "registrants" WHERE "cancelled_at" IS NULL GROUP BY 1, 2
  ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE SET "seats" = excluded."seats";--> statement-breakpoint
INSERT INTO "event_sales_counters" ("event_id", "tickets_sold", "gross", "discount", "amount", "balance")
  SELECT "event_id", sum("t"), sum("g"), sum("x"), sum("a"), sum("b") FROM (
    SELECT "event_id", "quantity" AS "t", "gross_amount" AS "g", "discount_amount" AS "x", "amount" AS "a", 0 AS "b" FROM "transactions" WHERE "status" = 'confirmed'
    UNION ALL SELECT "event_id", 0, 0, 0, 0, "amount" FROM "ledger_entries"
  ) f GROUP BY 1;--> statement-breakpoint
INSERT INTO "organization_counters" ("organization_id", "participants", "tickets_sold", "sales")
  SELECT e."organization_id", sum(f."p"), sum(f."t"), sum(f."a") FROM (
    SELECT "event_id", 1 AS "p", 0 AS "t", 0 AS "a" FROM "registrants" WHERE "cancelled_at" IS NULL
    UNION ALL SELECT "event_id", 0, "quantity", "amount" FROM "transactions" WHERE "status" = 'confirmed'
  ) f JOIN "events" e ON e."id" = f."event_id" GROUP BY 1;--> statement-breakpoint
INSERT INTO "platform_counters" ("participants", "tickets_sold", "sales", "events_draft", "events_published")
  SELECT (SELECT count(*) FROM "registrants" WHERE "cancelled_at" IS NULL),
         coalesce((SELECT sum("quantity") FROM "transactions" WHERE "status" = 'confirmed'), 0),
         coalesce((SELECT sum("amount") FROM "transactions" WHERE "status" = 'confirmed'), 0),
         (SELECT count(*) FROM "events" WHERE "deleted_at" IS NULL AND "is_draft"),
         (SELECT count(*) FROM "events" WHERE "deleted_at" IS NULL AND NOT "is_draft");
