-- Generated (the table and the column), then written by hand (the triggers): what an event's
-- participant lists and door search show changed, counted in the transaction of every change,
-- whoever writes (schema/registrants.ts): checkin_counters' `changes` for every statement on
-- registrants that the counters' trigger handles anyway, event_changes for the rest. A process
-- keeps a page it read while both sums are unchanged (lib/read-versions.ts). Nothing here
-- notifies: a NOTIFY would serialise the commits of every registration.
CREATE TABLE "event_changes" (
	"event_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"participants" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_changes_event_id_slot_pk" PRIMARY KEY("event_id","slot")
);--> statement-breakpoint
-- One statement's changes of these events: one row of each raised, in key order (two statements
-- never wait for each other in a cycle), on the writing transaction's own slot (its id modulo 8:
-- a transaction holds at most one row of an event, and concurrent ones mostly others).
CREATE OR REPLACE FUNCTION "event_changes_raise"("ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- plpgsql, not sql: its plan is kept for the session (an sql function's is made on every call).
  INSERT INTO "event_changes" AS c ("event_id", "slot", "participants")
  SELECT DISTINCT e, (txid_current() % 8)::smallint, 1 FROM unnest("ids") AS e WHERE e IS NOT NULL ORDER BY e
  ON CONFLICT ("event_id", "slot") DO UPDATE SET "participants" = c."participants" + 1;
END;
$$;--> statement-breakpoint
-- Registrants: the counters' trigger (0028's, the same but for these) counts every statement on
-- its checkin_counters rows in `changes`, written whatever the deltas: a registration, a check-in
-- or a refund raises the row it already writes (a second row raised per registration cost
-- PostgreSQL a sixth to a fifth of its registrations a second). An update that moves no counter but changes
-- what the lists show raises event_changes.
ALTER TABLE "checkin_counters" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "registrants_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s smallint := floor(random() * 8)::smallint;
BEGIN
  -- Three spellings of one statement: a transition table a trigger does not have cannot be named.
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT "event_id", "ticket_id", lower("email") AS "email", "last_education", "gender", ("cancelled_at" IS NULL)::int AS "r",
             ("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k", CASE WHEN "cancelled_at" IS NULL THEN "quantity" ELSE 0 END AS "q" FROM "new_rows"
    ), pl AS (
      INSERT INTO "platform_counters" ("participants") SELECT sum("r") FROM d HAVING sum("r") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "participants")
      SELECT e."organization_id", sum(d."r") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."r") <> 0
    ), t AS (
      INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in", "seats", "changes")
      SELECT "event_id", "ticket_id", s, sum("r"), sum("k"), sum("q"), 1 FROM d
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
        SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in", "seats" = c."seats" + excluded."seats",
            "changes" = c."changes" + 1
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
    -- An update that changes nothing counted (ticket_mailed_at, a name, a phone number) moves no
    -- counter: the rows as they are and as they were are then the same multiset of counted values
    -- (as many rows on each side, so one EXCEPT ALL says it), and the statement below is skipped.
    -- What the lists show may still have changed (a name): then event_changes is raised; the
    -- e-ticket mailed (the mail job, after every registration) raises nothing.
    IF NOT EXISTS (
      SELECT "event_id", "ticket_id", lower("email"), "last_education", "gender", "cancelled_at" IS NULL, "checked_in_at" IS NOT NULL, "quantity" FROM "new_rows"
      EXCEPT ALL
      SELECT "event_id", "ticket_id", lower("email"), "last_education", "gender", "cancelled_at" IS NULL, "checked_in_at" IS NOT NULL, "quantity" FROM "old_rows"
    ) THEN
      PERFORM "event_changes_raise"(ARRAY(
        SELECT unnest(ARRAY[n."event_id", o."event_id"]) FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
        WHERE to_jsonb(n) - 'ticket_mailed_at' IS DISTINCT FROM to_jsonb(o) - 'ticket_mailed_at'));
      RETURN NULL;
    END IF;
    WITH d AS (
      SELECT "event_id", "ticket_id", lower("email") AS "email", "last_education", "gender", ("cancelled_at" IS NULL)::int AS "r",
             ("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k", CASE WHEN "cancelled_at" IS NULL THEN "quantity" ELSE 0 END AS "q" FROM "new_rows"
      UNION ALL
      SELECT "event_id", "ticket_id", lower("email"), "last_education", "gender", -("cancelled_at" IS NULL)::int,
             -("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int, CASE WHEN "cancelled_at" IS NULL THEN -"quantity" ELSE 0 END FROM "old_rows"
    ), pl AS (
      INSERT INTO "platform_counters" ("participants") SELECT sum("r") FROM d HAVING sum("r") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "participants")
      SELECT e."organization_id", sum(d."r") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."r") <> 0
    ), t AS (
      INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in", "seats", "changes")
      SELECT "event_id", "ticket_id", s, sum("r"), sum("k"), sum("q"), 1 FROM d
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
        SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in", "seats" = c."seats" + excluded."seats",
            "changes" = c."changes" + 1
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
      SELECT "event_id", "ticket_id", lower("email") AS "email", "last_education", "gender", -("cancelled_at" IS NULL)::int AS "r",
             -("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k", CASE WHEN "cancelled_at" IS NULL THEN -"quantity" ELSE 0 END AS "q" FROM "old_rows"
    ), pl AS (
      INSERT INTO "platform_counters" ("participants") SELECT sum("r") FROM d HAVING sum("r") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "participants")
      SELECT e."organization_id", sum(d."r") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."r") <> 0
    ), t AS (
      INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in", "seats", "changes")
      SELECT "event_id", "ticket_id", s, sum("r"), sum("k"), sum("q"), 1 FROM d
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
        SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in", "seats" = c."seats" + excluded."seats",
            "changes" = c."changes" + 1
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
-- Answers, through their registrant's event. Those inserted with their registrant, by the
-- transaction that inserted it (a registration: one statement), raise nothing more: the
-- registrant's insert raised its counter row (raising event_changes as well cost PostgreSQL a
-- sixth of its registrations a second). A registrant inserted in a savepoint has that
-- subtransaction's id: its answers raise event_changes, as any later answer does.
CREATE OR REPLACE FUNCTION "registrant_answers_changes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "event_changes_raise"(ARRAY(SELECT r."event_id" FROM "new_rows" a JOIN "registrants" r ON r."id" = a."registrant_id"
      WHERE r."xmin" <> pg_current_xact_id()::xid));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "event_changes_raise"(ARRAY(SELECT r."event_id" FROM "old_rows" a JOIN "registrants" r ON r."id" = a."registrant_id"));
  ELSE
    PERFORM "event_changes_raise"(ARRAY(
      SELECT r."event_id" FROM "new_rows" a JOIN "registrants" r ON r."id" = a."registrant_id"
      UNION SELECT r."event_id" FROM "old_rows" a JOIN "registrants" r ON r."id" = a."registrant_id"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "registrant_answers_changes_insert" AFTER INSERT ON "registrant_answers"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "registrant_answers_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "registrant_answers_changes_update" AFTER UPDATE ON "registrant_answers"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "registrant_answers_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "registrant_answers_changes_delete" AFTER DELETE ON "registrant_answers"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "registrant_answers_changes_apply"();--> statement-breakpoint
-- Questions: the lists carry the event's live questions in form order.
CREATE OR REPLACE FUNCTION "registration_questions_changes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "event_changes_raise"(ARRAY(SELECT "event_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "event_changes_raise"(ARRAY(SELECT "event_id" FROM "old_rows"));
  ELSE
    PERFORM "event_changes_raise"(ARRAY(SELECT "event_id" FROM "new_rows" UNION SELECT "event_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "registration_questions_changes_insert" AFTER INSERT ON "registration_questions"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "registration_questions_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "registration_questions_changes_update" AFTER UPDATE ON "registration_questions"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "registration_questions_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "registration_questions_changes_delete" AFTER DELETE ON "registration_questions"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "registration_questions_changes_apply"();--> statement-breakpoint
-- Tickets: the lists show a ticket's name, and order questions by their ticket's place; a ticket's
-- quota and prices move on a sale and are not shown (row triggers: the WHEN skips those cheaply).
CREATE OR REPLACE FUNCTION "tickets_changes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "event_changes_raise"(ARRAY[OLD."event_id"]);
  ELSE
    PERFORM "event_changes_raise"(ARRAY[OLD."event_id", NEW."event_id"]);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_changes_update" AFTER UPDATE ON "tickets" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."position" IS DISTINCT FROM NEW."position"
    OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at" OR OLD."event_id" IS DISTINCT FROM NEW."event_id")
  EXECUTE FUNCTION "tickets_changes_apply"();--> statement-breakpoint
CREATE TRIGGER "tickets_changes_delete" AFTER DELETE ON "tickets" FOR EACH ROW EXECUTE FUNCTION "tickets_changes_apply"();--> statement-breakpoint
-- A member's name, shown as who checked a registrant in, in any event: raised for all at once.
CREATE OR REPLACE FUNCTION "users_name_changes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "event_changes_raise"(ARRAY['00000000-0000-0000-0000-000000000000'::uuid]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_name_changes_update" AFTER UPDATE OF "name" ON "users" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "users_name_changes_apply"();
