-- The sales list's order itself (event, newest first, then id): see schema/registrants.ts.
CREATE INDEX "transactions_event_created_id_idx" ON "transactions" USING btree ("event_id","created_at","id");--> statement-breakpoint
DROP INDEX "transactions_event_created_idx";