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
$function$;
