CREATE TABLE "checkin_counters" (
	"event_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"slot" smallint NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	"checked_in" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "checkin_counters_event_id_ticket_id_slot_pk" PRIMARY KEY("event_id","ticket_id","slot")
);
--> statement-breakpoint
CREATE TABLE "checkin_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"registrant_id" uuid,
	"kind" text NOT NULL,
	"reason" text,
	"user_id" uuid,
	"device_id" text,
	"scanned_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_events_kind_ck" CHECK ("checkin_events"."kind" in ('checkin', 'undo', 'duplicate', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "registrants" ADD COLUMN "checked_in_device" text;--> statement-breakpoint
ALTER TABLE "checkin_counters" ADD CONSTRAINT "checkin_counters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_counters" ADD CONSTRAINT "checkin_counters_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_events" ADD CONSTRAINT "checkin_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_events" ADD CONSTRAINT "checkin_events_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_events" ADD CONSTRAINT "checkin_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_events_event_checkin_idx" ON "checkin_events" USING btree ("event_id","created_at","id") WHERE "checkin_events"."kind" = 'checkin';--> statement-breakpoint
CREATE INDEX "checkin_events_registrant_idx" ON "checkin_events" USING btree ("registrant_id","created_at");--> statement-breakpoint
ALTER TABLE "registrants" ADD CONSTRAINT "registrants_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Check-in history is append-only, like the audit log.
CREATE OR REPLACE FUNCTION "checkin_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'checkin_events is append-only: % refused', TG_OP USING ERRCODE = 'raise_exception';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "checkin_events_no_update_delete" BEFORE UPDATE OR DELETE ON "checkin_events"
  FOR EACH ROW EXECUTE FUNCTION "checkin_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "checkin_events_no_truncate" BEFORE TRUNCATE ON "checkin_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "checkin_events_append_only"();--> statement-breakpoint
-- The summary's counters follow every statement on registrants: per (event, ticket), +1 for each
-- row as it is now and -1 for each as it was (transition tables), summed; a statement that moves
-- no count (ticket_mailed_at) writes nothing. One of 8 slot rows per ticket takes a statement's
-- deltas (random), so concurrent check-ins rarely wait on one row; rows go in key order, so two
-- statements never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION "checkin_counters_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s smallint := floor(random() * 8)::smallint;
BEGIN
  -- Three spellings of one upsert: a transition table a trigger does not have cannot be named.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in")
    SELECT d."event_id", d."ticket_id", s, sum(d."r"), sum(d."k") FROM (
      SELECT "event_id", "ticket_id", ("cancelled_at" IS NULL)::int AS "r", ("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k" FROM "new_rows"
    ) d
    GROUP BY 1, 2 HAVING sum(d."r") <> 0 OR sum(d."k") <> 0 ORDER BY 1, 2
    ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
      SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in")
    SELECT d."event_id", d."ticket_id", s, sum(d."r"), sum(d."k") FROM (
      SELECT "event_id", "ticket_id", ("cancelled_at" IS NULL)::int AS "r", ("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k" FROM "new_rows"
      UNION ALL SELECT "event_id", "ticket_id", -("cancelled_at" IS NULL)::int AS "r", -("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k" FROM "old_rows"
    ) d
    GROUP BY 1, 2 HAVING sum(d."r") <> 0 OR sum(d."k") <> 0 ORDER BY 1, 2
    ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
      SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in";
  ELSE
    INSERT INTO "checkin_counters" AS c ("event_id", "ticket_id", "slot", "registered", "checked_in")
    SELECT d."event_id", d."ticket_id", s, sum(d."r"), sum(d."k") FROM (
      SELECT "event_id", "ticket_id", -("cancelled_at" IS NULL)::int AS "r", -("cancelled_at" IS NULL AND "checked_in_at" IS NOT NULL)::int AS "k" FROM "old_rows"
    ) d
    GROUP BY 1, 2 HAVING sum(d."r") <> 0 OR sum(d."k") <> 0 ORDER BY 1, 2
    ON CONFLICT ("event_id", "ticket_id", "slot") DO UPDATE
      SET "registered" = c."registered" + excluded."registered", "checked_in" = c."checked_in" + excluded."checked_in";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "registrants_counters_insert" AFTER INSERT ON "registrants"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "checkin_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "registrants_counters_update" AFTER UPDATE ON "registrants"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "checkin_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "registrants_counters_delete" AFTER DELETE ON "registrants"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "checkin_counters_apply"();--> statement-breakpoint
-- Registrants already here: counted once (nobody is checked in yet).
INSERT INTO "checkin_counters" ("event_id", "ticket_id", "slot", "registered", "checked_in")
  SELECT "event_id", "ticket_id", 0, count(*) FILTER (WHERE "cancelled_at" IS NULL), 0 FROM "registrants" GROUP BY 1, 2;
