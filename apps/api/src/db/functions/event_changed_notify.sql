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
$function$;
