-- Check-in history is append-only, like the audit log.
-- Triggers: checkin_events_no_update_delete (row), checkin_events_no_truncate (statement).
CREATE OR REPLACE FUNCTION public.checkin_events_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'checkin_events is append-only: % refused', TG_OP USING ERRCODE = 'raise_exception';
END;
$function$;
