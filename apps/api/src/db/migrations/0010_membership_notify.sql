-- Written by hand: every change of a membership notifies the API processes, which drop what they
-- remember of that user's memberships (lib/membership-cache.ts). A removed or demoted member
-- loses access at once in every process, whoever made the change (the API, the CLI, SQL).
CREATE OR REPLACE FUNCTION "memberships_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('eo_membership_changed', COALESCE(NEW."user_id", OLD."user_id")::text);
  IF TG_OP = 'UPDATE' AND NEW."user_id" <> OLD."user_id" THEN
    PERFORM pg_notify('eo_membership_changed', OLD."user_id"::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "memberships_notify" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "memberships_notify"();
