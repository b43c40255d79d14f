-- Written by hand: an event's message history is kept in each API process while its messages are
-- unchanged (modules/messages/message-history-cache.ts). Every message row inserted, changed or
-- deleted notifies its event on `eo_messages_changed` (a batch sent changes the row's counts,
-- migration 0037), and so does a ticket renamed (the history names an audience's tickets) or a
-- registrant renamed (a failure names its registrant); a user renamed (who sent it) notifies `*`.
-- Registrations, check-ins and seat counts never fire these: the ticket and registrant triggers
-- are on their name alone, and a NOTIFY serialises the commits of the transactions that send one.
CREATE OR REPLACE FUNCTION "messages_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('eo_messages_changed', NEW."event_id"::text);
  ELSE
    PERFORM pg_notify('eo_messages_changed', OLD."event_id"::text);
    IF TG_OP = 'UPDATE' AND NEW."event_id" <> OLD."event_id" THEN
      PERFORM pg_notify('eo_messages_changed', NEW."event_id"::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "messages_changed_notify" AFTER INSERT OR UPDATE OR DELETE ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_changed_notify"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "messages_named_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Two statements, not one CASE: a users row has no event_id to name.
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('eo_messages_changed', '*');
  ELSE
    PERFORM pg_notify('eo_messages_changed', NEW."event_id"::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_named_notify" AFTER UPDATE OF "name" ON "tickets"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "messages_named_notify"();--> statement-breakpoint
CREATE TRIGGER "registrants_named_notify" AFTER UPDATE OF "name" ON "registrants"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "messages_named_notify"();--> statement-breakpoint
CREATE TRIGGER "users_named_notify" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "messages_named_notify"();
