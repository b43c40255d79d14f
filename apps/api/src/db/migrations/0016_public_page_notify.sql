-- Written by hand: on the embedded database (PGlite), every change that can alter a public event
-- page (the event, its tickets and their seats, its questions) notifies the API process, which
-- then serves the page it rendered without reading anything per request
-- (modules/public-events/page-notifications.ts). The session setting `eo.public_page_notify` turns
-- it on: the embedded client sets it when it opens. A PostgreSQL server leaves it off: there a
-- NOTIFY would serialise the commits of every registration, and the page reads its version instead.
CREATE OR REPLACE FUNCTION "public_page_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER "events_public_page_notify" AFTER UPDATE OR DELETE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "public_page_notify"();--> statement-breakpoint
CREATE TRIGGER "tickets_public_page_notify" AFTER INSERT OR UPDATE OR DELETE ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "public_page_notify"();--> statement-breakpoint
CREATE TRIGGER "registration_questions_public_page_notify" AFTER INSERT OR UPDATE OR DELETE ON "registration_questions"
  FOR EACH ROW EXECUTE FUNCTION "public_page_notify"();
