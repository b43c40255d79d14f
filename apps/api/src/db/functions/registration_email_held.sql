-- What one email holds on one ticket, counted after waiting for any other registration of that
-- email on that ticket (a transaction-scoped advisory lock); called inside the registration's one
-- statement (modules/platform/registration.repository.ts). An email is its person without the
-- local part's +tag (emailIdentity in db/schema/registrants.ts, the same expression as the index).
-- A registration awaiting approval counts as held: one person, one application.
CREATE OR REPLACE FUNCTION public.registration_email_held(p_ticket uuid, p_email text)
 RETURNS integer
 LANGUAGE sql
AS $function$
  SELECT pg_advisory_xact_lock(hashtextextended(p_ticket::text || ':' || regexp_replace(lower(p_email), '[+][^@]*@', '@'), 0));
  SELECT coalesce(sum(r.quantity), 0)::int FROM registrants r
  WHERE r.ticket_id = p_ticket AND regexp_replace(lower(r.email), '[+][^@]*@', '@') = regexp_replace(lower(p_email), '[+][^@]*@', '@') AND r.status IN ('confirmed', 'pending');
$function$;
