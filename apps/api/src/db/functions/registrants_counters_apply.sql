-- Every counter a statement on registrants moves, from its transition tables in one statement:
-- the per-ticket registered, checked-in and seats (checkin_counters, one of 8 slot rows per
-- ticket, in key order), the organizations' and the platform's participants, the education and
-- gender groups, each person's numbers and the event's distinct audience. Only a `confirmed`
-- registration counts. An update that moves no counted value (the e-ticket mailed, a name)
-- writes nothing.
-- Triggers: registrants_counters_insert, registrants_counters_update, registrants_counters_delete (statement).
CREATE OR REPLACE FUNCTION public.registrants_counters_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  s smallint := floor(random() * 8)::smallint;
BEGIN
  -- Three spellings of one statement: a transition table a trigger does not have cannot be named.
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT "event_id", "ticket_id", lower("email") AS "email", "last_education", "gender", ("status" = 'confirmed')::int AS "r",
             ("status" = 'confirmed' AND "checked_in_at" IS NOT NULL)::int AS "k", CASE WHEN "status" = 'confirmed' THEN "quantity" ELSE 0 END AS "q" FROM "new_rows"
    ), pl AS (
      INSERT INTO "platform_counters" ("participants") SELECT sum("r") FROM d HAVING sum("r") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "participants")
      SELECT e."organization_id", sum(d."r") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."r") <> 0
    ), t AS (
      INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in", "seats")
      SELECT "event_id", "ticket_id", s, sum("r"), sum("k"), sum("q") FROM d
      GROUP BY 1, 2 HAVING sum("r") <> 0 OR sum("k") <> 0 OR sum("q") <> 0 ORDER BY 1, 2
      ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
        SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in", "seats" = c."seats" + excluded."seats"
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
    IF NOT EXISTS (
      SELECT "event_id", "ticket_id", lower("email"), "last_education", "gender", "status" = 'confirmed', "checked_in_at" IS NOT NULL, "quantity" FROM "new_rows"
      EXCEPT ALL
      SELECT "event_id", "ticket_id", lower("email"), "last_education", "gender", "status" = 'confirmed', "checked_in_at" IS NOT NULL, "quantity" FROM "old_rows"
    ) THEN
      RETURN NULL;
    END IF;
    WITH d AS (
      SELECT "event_id", "ticket_id", lower("email") AS "email", "last_education", "gender", ("status" = 'confirmed')::int AS "r",
             ("status" = 'confirmed' AND "checked_in_at" IS NOT NULL)::int AS "k", CASE WHEN "status" = 'confirmed' THEN "quantity" ELSE 0 END AS "q" FROM "new_rows"
      UNION ALL
      SELECT "event_id", "ticket_id", lower("email"), "last_education", "gender", -("status" = 'confirmed')::int,
             -("status" = 'confirmed' AND "checked_in_at" IS NOT NULL)::int, CASE WHEN "status" = 'confirmed' THEN -"quantity" ELSE 0 END FROM "old_rows"
    ), pl AS (
      INSERT INTO "platform_counters" ("participants") SELECT sum("r") FROM d HAVING sum("r") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "participants")
      SELECT e."organization_id", sum(d."r") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."r") <> 0
    ), t AS (
      INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in", "seats")
      SELECT "event_id", "ticket_id", s, sum("r"), sum("k"), sum("q") FROM d
      GROUP BY 1, 2 HAVING sum("r") <> 0 OR sum("k") <> 0 OR sum("q") <> 0 ORDER BY 1, 2
      ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
        SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in", "seats" = c."seats" + excluded."seats"
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
      SELECT "event_id", "ticket_id", lower("email") AS "email", "last_education", "gender", -("status" = 'confirmed')::int AS "r",
             -("status" = 'confirmed' AND "checked_in_at" IS NOT NULL)::int AS "k", CASE WHEN "status" = 'confirmed' THEN -"quantity" ELSE 0 END AS "q" FROM "old_rows"
    ), pl AS (
      INSERT INTO "platform_counters" ("participants") SELECT sum("r") FROM d HAVING sum("r") <> 0
    ), o AS (
      INSERT INTO "organization_counters" ("organization_id", "participants")
      SELECT e."organization_id", sum(d."r") FROM d JOIN "events" e ON e."id" = d."event_id" GROUP BY 1 HAVING sum(d."r") <> 0
    ), t AS (
      INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in", "seats")
      SELECT "event_id", "ticket_id", s, sum("r"), sum("k"), sum("q") FROM d
      GROUP BY 1, 2 HAVING sum("r") <> 0 OR sum("k") <> 0 OR sum("q") <> 0 ORDER BY 1, 2
      ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
        SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in", "seats" = c."seats" + excluded."seats"
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
$function$;
