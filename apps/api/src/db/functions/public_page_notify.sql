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
$function$;
