-- Written by hand: the event lists (the organizer's active, concluded and draft lists, the admin's
-- list and review queue) are kept in each API process while their events are unchanged
-- (lib/event-list-cache.ts). Every event row inserted, changed or deleted notifies its
-- organization on `eo_event_lists_changed` (both organizations when a row moves), whoever writes
-- it (the API, the CLI, plain SQL); a change of a user's email notifies `*` (the lists show the
-- creator's address). Like migration 0030's, these fire on the events table, never on a
-- registration's path (a NOTIFY serialises the commits of the transactions that send one).
CREATE OR REPLACE FUNCTION "event_lists_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('eo_event_lists_changed', NEW."organization_id"::text);
  ELSE
    PERFORM pg_notify('eo_event_lists_changed', OLD."organization_id"::text);
    IF TG_OP = 'UPDATE' AND NEW."organization_id" <> OLD."organization_id" THEN
      PERFORM pg_notify('eo_event_lists_changed', NEW."organization_id"::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "events_lists_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "event_lists_changed_notify"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_email_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('eo_event_lists_changed', '*');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_email_changed_notify" AFTER UPDATE OF "email" ON "users"
  FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email") EXECUTE FUNCTION "user_email_changed_notify"();
