-- Written by hand: every change of the maintenance status notifies `eo_maintenance_changed`, so each
-- API process can keep the status it answers `GET /v1/maintenance` with (every open dashboard asks
-- each minute) and drop it the moment it changes, whoever changes it (the admin's call, the CLI,
-- plain SQL). One notice per statement: there is one row.
CREATE OR REPLACE FUNCTION "maintenance_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('eo_maintenance_changed', 'maintenance');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "maintenance_changed_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "maintenance"
  FOR EACH STATEMENT EXECUTE FUNCTION "maintenance_changed_notify"();
