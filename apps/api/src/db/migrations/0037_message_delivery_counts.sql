ALTER TABLE "messages" ADD COLUMN "deliveries_queued" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deliveries_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deliveries_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deliveries_bounced" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand from here. A message's deliveries by status, kept on its row by the statements
-- that change them (addressing, each batch sent, a failure, a bounce, a refund skipped): the
-- message history counted every delivery of every message on the page (100,000 index entries
-- for a message to a large event's participants) on each view. Senders wait while the counts are
-- filled, so none is counted twice or missed (readers go on).
LOCK TABLE "message_deliveries" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "message_deliveries_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Three spellings of one statement: a transition table a trigger does not have cannot be named.
  IF TG_OP = 'INSERT' THEN
    UPDATE "messages" AS m SET "deliveries_queued" = m."deliveries_queued" + d."q", "deliveries_sent" = m."deliveries_sent" + d."s",
      "deliveries_failed" = m."deliveries_failed" + d."f", "deliveries_bounced" = m."deliveries_bounced" + d."b"
    FROM (SELECT "message_id", count(*) FILTER (WHERE "status" = 'queued') AS "q", count(*) FILTER (WHERE "status" = 'sent') AS "s",
            count(*) FILTER (WHERE "status" = 'failed') AS "f", count(*) FILTER (WHERE "status" = 'bounced') AS "b"
          FROM "new_rows" GROUP BY 1) AS d
    WHERE m."id" = d."message_id";
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "messages" AS m SET "deliveries_queued" = m."deliveries_queued" + d."q", "deliveries_sent" = m."deliveries_sent" + d."s",
      "deliveries_failed" = m."deliveries_failed" + d."f", "deliveries_bounced" = m."deliveries_bounced" + d."b"
    FROM (SELECT "message_id", sum(("status" = 'queued')::int * "k") AS "q", sum(("status" = 'sent')::int * "k") AS "s",
            sum(("status" = 'failed')::int * "k") AS "f", sum(("status" = 'bounced')::int * "k") AS "b"
          FROM (SELECT "message_id", "status", 1 AS "k" FROM "new_rows" UNION ALL SELECT "message_id", "status", -1 FROM "old_rows") AS c
          GROUP BY 1) AS d
    WHERE m."id" = d."message_id" AND (d."q" <> 0 OR d."s" <> 0 OR d."f" <> 0 OR d."b" <> 0);
  ELSE
    UPDATE "messages" AS m SET "deliveries_queued" = m."deliveries_queued" - d."q", "deliveries_sent" = m."deliveries_sent" - d."s",
      "deliveries_failed" = m."deliveries_failed" - d."f", "deliveries_bounced" = m."deliveries_bounced" - d."b"
    FROM (SELECT "message_id", count(*) FILTER (WHERE "status" = 'queued') AS "q", count(*) FILTER (WHERE "status" = 'sent') AS "s",
            count(*) FILTER (WHERE "status" = 'failed') AS "f", count(*) FILTER (WHERE "status" = 'bounced') AS "b"
          FROM "old_rows" GROUP BY 1) AS d
    WHERE m."id" = d."message_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "message_deliveries_counts_insert" AFTER INSERT ON "message_deliveries"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "message_deliveries_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "message_deliveries_counts_update" AFTER UPDATE ON "message_deliveries"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "message_deliveries_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "message_deliveries_counts_delete" AFTER DELETE ON "message_deliveries"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "message_deliveries_counts_apply"();--> statement-breakpoint
UPDATE "messages" AS m SET "deliveries_queued" = d."q", "deliveries_sent" = d."s", "deliveries_failed" = d."f", "deliveries_bounced" = d."b"
FROM (SELECT "message_id", count(*) FILTER (WHERE "status" = 'queued') AS "q", count(*) FILTER (WHERE "status" = 'sent') AS "s",
        count(*) FILTER (WHERE "status" = 'failed') AS "f", count(*) FILTER (WHERE "status" = 'bounced') AS "b"
      FROM "message_deliveries" GROUP BY 1) AS d
WHERE m."id" = d."message_id";
