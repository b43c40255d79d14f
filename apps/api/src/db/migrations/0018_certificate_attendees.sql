-- Written by hand: certificates to an event's attendees. A recipient read from a
-- registration keeps its registrant: publishing the batch again adds only attendees without a
-- certificate of it, and the unique index makes that hold for any number of runs, concurrent or
-- repeated. CSV rows have no registrant (NULLs never conflict).
ALTER TABLE "certificate_recipients" ADD COLUMN "registrant_id" uuid;--> statement-breakpoint
ALTER TABLE "certificate_recipients" ADD CONSTRAINT "certificate_recipients_registrant_id_registrants_id_fk" FOREIGN KEY ("registrant_id") REFERENCES "public"."registrants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_recipients_registrant_uq" ON "certificate_recipients" USING btree ("certificate_id","registrant_id");
