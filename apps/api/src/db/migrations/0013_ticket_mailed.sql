-- The e-ticket is mailed by the `ticket.mail` job after the registration commits; this marks a
-- sent one, so a second run of the job (a retry, a lapsed lease) sends nothing. Rows already here
-- were mailed (or not) inline before the job existed and no job will look at them: left null.
ALTER TABLE "registrants" ADD COLUMN "ticket_mailed_at" timestamp with time zone;
