-- What one email holds on one ticket, counted after waiting for any other registration of that
-- email on that ticket to finish: the transaction-scoped advisory lock serialises them, and a
-- VOLATILE function's every query takes a fresh snapshot, so the count (after the lock) sees the
-- previous one committed. Called inside the registration's one statement (registration.repository.ts),
-- which then needs no explicit transaction: the ticket's row lock is released by that statement's own
-- commit, without a round trip to the client in between (the max per email stays exact).
CREATE FUNCTION "registration_email_held"("p_ticket" uuid, "p_email" text) RETURNS integer
LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(hashtextextended(p_ticket::text || ':' || lower(p_email), 0));
  SELECT coalesce(sum(r.quantity), 0)::int FROM registrants r
  WHERE r.ticket_id = p_ticket AND lower(r.email) = lower(p_email) AND r.cancelled_at IS NULL;
$$;
