-- Written by hand (Insight's attendance): the check-ins per hour count the standing
-- check-ins of an event's current registrants. This partial index holds only those rows, so the
-- count is an index-only scan of the checked-in (at most the event's size, usually far fewer)
-- instead of reading every registrant of a 100,000-registrant event from the table. A check-in
-- now updates one more index entry (no HOT update on that row), one row per scan.
CREATE INDEX "registrants_event_checked_in_idx" ON "registrants" USING btree ("event_id","checked_in_at") WHERE "registrants"."cancelled_at" is null and "registrants"."checked_in_at" is not null;
