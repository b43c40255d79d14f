-- Written by hand. The coin account page counts a member's wrong codes on every account (the
-- caps of withdrawal-limits.ts) and an admin's unlock restarts them: a money_audit row can change
-- the page of any organization's account. Each statement inserting rows raises one key of
-- event_changes for all of them (EVERY_COIN_ACCOUNT in schema/registrants.ts), read with the
-- organization's payouts version (lib/read-versions.ts). The trail only grows, and slowly (a
-- request, a code, a status, a bank account saved): every page read again after one is cheap.
CREATE OR REPLACE FUNCTION "money_audit_changes_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "event_changes_raise"(ARRAY['00000000-0000-0000-0000-000000000001'::uuid]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "money_audit_changes_insert" AFTER INSERT ON "money_audit"
  FOR EACH STATEMENT EXECUTE FUNCTION "money_audit_changes_apply"();
