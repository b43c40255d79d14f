-- A message's deliveries by status, kept on its messages row by each statement on
-- message_deliveries (addressing, a batch sent, a failure, a bounce).
-- Triggers: message_deliveries_counts_insert, message_deliveries_counts_update,
-- message_deliveries_counts_delete (statement).
CREATE OR REPLACE FUNCTION public.message_deliveries_counts_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;
