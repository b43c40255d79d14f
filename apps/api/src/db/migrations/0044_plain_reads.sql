-- Reads are plain SQL on the right indexes: this migration removes what existed only to version
-- or keep dashboard reads per process, and restates every function of the schema as its file in
-- db/functions/ (one file per function or trigger body; db/functions.test.ts checks that the
-- migrated database's definitions are those files).
-- Generated: the event_changes table and the `changes` columns dropped, the name token index
-- replaced by pg_trgm's GIN index of the current registrants' names.
-- Written by hand: the triggers and functions that only fed the versions (event_changes_raise,
-- organization_changes_raise and their callers on registrant answers, questions, tickets, users'
-- names, withdrawals, coin accounts, events and money_audit) or notified eo_event_lists_changed
-- and eo_messages_changed, which no process listens to, dropped; the name token functions
-- dropped; the counters' triggers and compact_counters() redefined without the version writes.
DROP TRIGGER "registrant_answers_changes_insert" ON "registrant_answers";--> statement-breakpoint
DROP TRIGGER "registrant_answers_changes_update" ON "registrant_answers";--> statement-breakpoint
DROP TRIGGER "registrant_answers_changes_delete" ON "registrant_answers";--> statement-breakpoint
DROP TRIGGER "registration_questions_changes_insert" ON "registration_questions";--> statement-breakpoint
DROP TRIGGER "registration_questions_changes_update" ON "registration_questions";--> statement-breakpoint
DROP TRIGGER "registration_questions_changes_delete" ON "registration_questions";--> statement-breakpoint
DROP TRIGGER "tickets_changes_update" ON "tickets";--> statement-breakpoint
DROP TRIGGER "tickets_changes_delete" ON "tickets";--> statement-breakpoint
DROP TRIGGER "users_name_changes_update" ON "users";--> statement-breakpoint
DROP TRIGGER "withdrawals_changes_insert" ON "withdrawals";--> statement-breakpoint
DROP TRIGGER "withdrawals_changes_update" ON "withdrawals";--> statement-breakpoint
DROP TRIGGER "withdrawals_changes_delete" ON "withdrawals";--> statement-breakpoint
DROP TRIGGER "coin_accounts_changes_insert" ON "coin_accounts";--> statement-breakpoint
DROP TRIGGER "coin_accounts_changes_update" ON "coin_accounts";--> statement-breakpoint
DROP TRIGGER "coin_accounts_changes_delete" ON "coin_accounts";--> statement-breakpoint
DROP TRIGGER "events_payout_changes_insert" ON "events";--> statement-breakpoint
DROP TRIGGER "events_payout_changes_update" ON "events";--> statement-breakpoint
DROP TRIGGER "events_payout_changes_delete" ON "events";--> statement-breakpoint
DROP TRIGGER "money_audit_changes_insert" ON "money_audit";--> statement-breakpoint
DROP TRIGGER "events_lists_changed_notify" ON "events";--> statement-breakpoint
DROP TRIGGER "users_email_changed_notify" ON "users";--> statement-breakpoint
DROP TRIGGER "messages_changed_notify" ON "messages";--> statement-breakpoint
DROP TRIGGER "tickets_named_notify" ON "tickets";--> statement-breakpoint
DROP TRIGGER "registrants_named_notify" ON "registrants";--> statement-breakpoint
DROP TRIGGER "users_named_notify" ON "users";--> statement-breakpoint
DROP FUNCTION "registrant_answers_changes_apply"();--> statement-breakpoint
DROP FUNCTION "registration_questions_changes_apply"();--> statement-breakpoint
DROP FUNCTION "tickets_changes_apply"();--> statement-breakpoint
DROP FUNCTION "users_name_changes_apply"();--> statement-breakpoint
DROP FUNCTION "withdrawals_changes_apply"();--> statement-breakpoint
DROP FUNCTION "coin_accounts_changes_apply"();--> statement-breakpoint
DROP FUNCTION "events_payout_changes_apply"();--> statement-breakpoint
DROP FUNCTION "money_audit_changes_apply"();--> statement-breakpoint
DROP FUNCTION "event_changes_raise"(uuid[]);--> statement-breakpoint
DROP FUNCTION "organization_changes_raise"(uuid[]);--> statement-breakpoint
DROP FUNCTION "event_lists_changed_notify"();--> statement-breakpoint
DROP FUNCTION "user_email_changed_notify"();--> statement-breakpoint
DROP FUNCTION "messages_changed_notify"();--> statement-breakpoint
DROP FUNCTION "messages_named_notify"();--> statement-breakpoint
DROP TABLE "event_changes" CASCADE;--> statement-breakpoint
DROP INDEX "registrants_name_tokens_idx";--> statement-breakpoint
CREATE INDEX "registrants_name_trgm_idx" ON "registrants" USING gin ("name" gin_trgm_ops) WHERE "registrants"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "checkin_counters" DROP COLUMN "changes";--> statement-breakpoint
ALTER TABLE "event_sales_counters" DROP COLUMN "changes";--> statement-breakpoint
ALTER TABLE "organization_counters" DROP COLUMN "changes";--> statement-breakpoint
DROP FUNCTION "registrant_name_search_tokens"(uuid, text);--> statement-breakpoint
DROP FUNCTION "registrant_name_tokens"(uuid, text);--> statement-breakpoint
-- The audit log is append-only: any UPDATE, DELETE or TRUNCATE of audit_log raises, whoever runs it.
-- Triggers: audit_log_no_update_delete (row), audit_log_no_truncate (statement).
CREATE OR REPLACE FUNCTION public.audit_log_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'raise_exception';
END;
$function$;--> statement-breakpoint
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
$function$;--> statement-breakpoint
-- Check-in history is append-only, like the audit log.
-- Triggers: checkin_events_no_update_delete (row), checkin_events_no_truncate (statement).
CREATE OR REPLACE FUNCTION public.checkin_events_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'checkin_events is append-only: % refused', TG_OP USING ERRCODE = 'raise_exception';
END;
$function$;--> statement-breakpoint
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
$function$;--> statement-breakpoint
-- Every change of an event row notifies its id on eo_event_changed, so each API process drops the
-- access gate's kept read of the event (lib/event-cache.ts), whoever changed it.
-- Triggers: events_changed_notify (row, UPDATE or DELETE).
CREATE OR REPLACE FUNCTION public.event_changed_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('eo_event_changed', OLD."id"::text);
  RETURN NULL;
END;
$function$;--> statement-breakpoint
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
$function$;--> statement-breakpoint
-- The ledger and the money trail are append-only: any UPDATE, DELETE or TRUNCATE raises, whoever
-- runs it; a correction is a new, compensating entry. Triggers: ledger_entries_no_update_delete,
-- money_audit_no_update_delete (row), ledger_entries_no_truncate, money_audit_no_truncate (statement).
CREATE OR REPLACE FUNCTION public.ledger_entries_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'raise_exception';
END;
$function$;--> statement-breakpoint
-- Every change of the stored maintenance status notifies eo_maintenance_changed, so each API
-- process drops the status it keeps. Triggers: maintenance_changed_notify (statement).
CREATE OR REPLACE FUNCTION public.maintenance_changed_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('eo_maintenance_changed', 'maintenance');
  RETURN NULL;
END;
$function$;--> statement-breakpoint
-- Every change of a membership notifies the user id on eo_membership_changed, so each API process
-- drops what it keeps of that user's memberships (lib/membership-cache.ts): a removed or demoted
-- member loses access at once. Triggers: memberships_notify (row).
CREATE OR REPLACE FUNCTION public.memberships_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('eo_membership_changed', COALESCE(NEW."user_id", OLD."user_id")::text);
  IF TG_OP = 'UPDATE' AND NEW."user_id" <> OLD."user_id" THEN
    PERFORM pg_notify('eo_membership_changed', OLD."user_id"::text);
  END IF;
  RETURN NULL;
END;
$function$;--> statement-breakpoint
-- A message's deliveries by status, kept on its messages row by each statement on
-- message_deliveries (addressing, a batch sent, a failure, a bounce).
-- Triggers: message_deliveries_counts_insert, message_deliveries_counts_update,
-- message_deliveries_counts_delete (statement).
CREATE OR REPLACE FUNCTION public.message_deliveries_counts_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Three spellings of one statement: a transition table a trigger does not have cannot be named.
  IF TG_OP = 'INSERT' THEN
    UPDATE "messages" AS m SET "deliveries_queued" = m."deliveries_queued" + d."q", "deliveries_sent" = m."deliveries_sent" + d."s",
      "deliveries_failed" = m."deliveries_failed" + d."f", "deliveries_bounced" = m."deliveries_bounced" + d."b"
    FROM (SELECT "message_id", count(*) FILTER (WHERE "status" = 'queued') AS "q", count(*) FILTER (WHERE "status" = 'sent') AS "s",
            count(*) FILTER (WHERE "status" = 'failed') AS "f", count(*) FILTER (WHERE "status" = 'bounced') AS "b"
          FROM "new_rows" GROUP BY 1) AS d
    WHERE m."id" = d."message_id";
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "messages" AS m SET "deliveries_queued" = m."deliveries_queued" + d."q", "deliveries_sent" = m."deliveries_sent" + d."s",
      "deliveries_failed" = m."deliveries_failed" + d."f", "deliveries_bounced" = m."deliveries_bounced" + d."b"
    FROM (SELECT "message_id", sum(("status" = 'queued')::int * "k") AS "q", sum(("status" = 'sent')::int * "k") AS "s",
            sum(("status" = 'failed')::int * "k") AS "f", sum(("status" = 'bounced')::int * "k") AS "b"
          FROM (SELECT "message_id", "status", 1 AS "k" FROM "new_rows" UNION ALL SELECT "message_id", "status", -1 FROM "old_rows") AS c
          GROUP BY 1) AS d
    WHERE m."id" = d."message_id" AND (d."q" <> 0 OR d."s" <> 0 OR d."f" <> 0 OR d."b" <> 0);
  ELSE
    UPDATE "messages" AS m SET "deliveries_queued" = m."deliveries_queued" - d."q", "deliveries_sent" = m."deliveries_sent" - d."s",
      "deliveries_failed" = m."deliveries_failed" - d."f", "deliveries_bounced" = m."deliveries_bounced" - d."b"
    FROM (SELECT "message_id", count(*) FILTER (WHERE "status" = 'queued') AS "q", count(*) FILTER (WHERE "status" = 'sent') AS "s",
            count(*) FILTER (WHERE "status" = 'failed') AS "f", count(*) FILTER (WHERE "status" = 'bounced') AS "b"
          FROM "old_rows" GROUP BY 1) AS d
    WHERE m."id" = d."message_id";
  END IF;
  RETURN NULL;
END;
$function$;--> statement-breakpoint
-- On the embedded database, with the session setting eo.public_page_notify on, a change of an
-- event, its tickets or its questions notifies eo_public_event_changed with the event's id (the
-- public page rendered for it is served again only after). Triggers: events_public_page_notify,
-- tickets_public_page_notify, registration_questions_public_page_notify (row).
CREATE OR REPLACE FUNCTION public.public_page_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  event_id uuid;
BEGIN
  IF coalesce(current_setting('eo.public_page_notify', true), '') <> 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'events' THEN
    event_id := COALESCE(NEW."id", OLD."id");
  ELSE
    event_id := COALESCE(NEW."event_id", OLD."event_id");
  END IF;
  PERFORM pg_notify('eo_public_event_changed', event_id::text);
  RETURN NULL;
END;
$function$;--> statement-breakpoint
-- Every counter a statement on registrants moves, from its transition tables in one statement:
-- the per-ticket registered, checked-in and seats (checkin_counters, one of 8 slot rows per
-- ticket, in key order), the organizations' and the platform's participants, the education and
-- gender groups, each person's numbers and the event's distinct audience. An update that moves
-- no counted value (the e-ticket mailed, a name) writes nothing.
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
      SELECT "event_id", "ticket_id", lower("email") AS "email", "last_education", "gender", ("cancelled_at" IS NULL)::int AS "r",
             ("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k", CASE WHEN "cancelled_at" IS NULL THEN "quantity" ELSE 0 END AS "q" FROM "new_rows"
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
      SELECT "event_id", "ticket_id", lower("email"), "last_education", "gender", "cancelled_at" IS NULL, "checked_in_at" IS NOT NULL, "quantity" FROM "new_rows"
      EXCEPT ALL
      SELECT "event_id", "ticket_id", lower("email"), "last_education", "gender", "cancelled_at" IS NULL, "checked_in_at" IS NOT NULL, "quantity" FROM "old_rows"
    ) THEN
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
      SELECT "event_id", "ticket_id", lower("email") AS "email", "last_education", "gender", -("cancelled_at" IS NULL)::int AS "r",
             -("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k", CASE WHEN "cancelled_at" IS NULL THEN -"quantity" ELSE 0 END AS "q" FROM "old_rows"
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
$function$;--> statement-breakpoint
-- What one email holds on one ticket, counted after waiting for any other registration of that
-- email on that ticket (a transaction-scoped advisory lock); called inside the registration's one
-- statement (modules/platform/registration.repository.ts).
CREATE OR REPLACE FUNCTION public.registration_email_held(p_ticket uuid, p_email text)
 RETURNS integer
 LANGUAGE sql
AS $function$
  SELECT pg_advisory_xact_lock(hashtextextended(p_ticket::text || ':' || lower(p_email), 0));
  SELECT coalesce(sum(r.quantity), 0)::int FROM registrants r
  WHERE r.ticket_id = p_ticket AND lower(r.email) = lower(p_email) AND r.cancelled_at IS NULL;
$function$;--> statement-breakpoint
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
