CREATE TABLE "used_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_challenges_expires_idx" ON "used_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "registrants_ticket_email_identity_idx" ON "registrants" USING btree ("ticket_id",regexp_replace(lower("email"), '[+][^@]*@', '@'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.registration_email_held(p_ticket uuid, p_email text)
 RETURNS integer
 LANGUAGE sql
AS $function$
  SELECT pg_advisory_xact_lock(hashtextextended(p_ticket::text || ':' || regexp_replace(lower(p_email), '[+][^@]*@', '@'), 0));
  SELECT coalesce(sum(r.quantity), 0)::int FROM registrants r
  WHERE r.ticket_id = p_ticket AND regexp_replace(lower(r.email), '[+][^@]*@', '@') = regexp_replace(lower(p_email), '[+][^@]*@', '@') AND r.cancelled_at IS NULL;
$function$;
