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
$function$;
