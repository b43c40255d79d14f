-- Written by hand: every change of an event row notifies its id on `eo_event_changed`, so each API
-- process can keep the access gate's read of the event (lib/event-cache.ts) and drop it the moment
-- the row changes, whoever changes it (the API, the CLI, plain SQL). Unlike migration 0016's
-- notifications this one is always on, on PostgreSQL too: it fires on the events table only,
-- whose rows change when an organizer edits, submits or deletes an event or an admin reviews it,
-- never on a registration's path (a NOTIFY serialises the commits of the transactions that send one).
CREATE OR REPLACE FUNCTION "event_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('eo_event_changed', OLD."id"::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "events_changed_notify" AFTER UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "event_changed_notify"();
