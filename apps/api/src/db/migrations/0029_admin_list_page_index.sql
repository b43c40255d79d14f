-- The admin's event list page, per group in its default order (created_at, id): the page's ids
-- walk this index only, reading `last_event_at` from it, so the rows a group passes over (the
-- newest passed events, for the active list) cost no heap read; the rows are joined after the LIMIT.
CREATE INDEX "events_live_created_idx" ON "events" USING btree ("is_draft","created_at","id","last_event_at") WHERE "events"."deleted_at" is null;
