-- The message sender's next batch: the queued deliveries of a message in id order.
-- With only (message_id, status) the batch query joined and sorted every queued delivery for
-- each batch of 20, so a message to 10,000 slowed as it went (scripts/bench/messages.ts: 322
-- mails/s at 10,000 against 482 at 1,000 on PGlite); this partial index holds just the queued
-- ones in order, and the batch reads 20 entries whatever the message's size.
CREATE INDEX "message_deliveries_queue_idx" ON "message_deliveries" USING btree ("message_id","id") WHERE "message_deliveries"."status" = 'queued';