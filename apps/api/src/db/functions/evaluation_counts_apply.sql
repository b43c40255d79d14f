-- The evaluation summary's counts (evaluation_counts), moved by each statement on
-- evaluation_answers from its transition table: an answer sent adds, a removed one takes away.
-- Triggers: evaluation_answers_counts_insert, evaluation_answers_counts_delete (statement).
CREATE OR REPLACE FUNCTION public.evaluation_counts_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Keys in order: two statements counting the same values lock their rows in the same order.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "evaluation_counts" AS c ("event_id", "question_id", "value", "n")
    SELECT r."event_id", k."question_id", k."value", count(*)
    FROM "new_rows" r CROSS JOIN LATERAL "evaluation_count_keys"(r."answers", r."event_id") k
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("event_id", "question_id", "value") DO UPDATE SET "n" = c."n" + EXCLUDED."n";
  ELSE
    UPDATE "evaluation_counts" AS c SET "n" = c."n" - d."n"
    FROM (SELECT r."event_id", k."question_id", k."value", count(*) AS "n"
          FROM "old_rows" r CROSS JOIN LATERAL "evaluation_count_keys"(r."answers", r."event_id") k
          GROUP BY 1, 2, 3) AS d
    WHERE c."event_id" = d."event_id" AND c."question_id" = d."question_id" AND c."value" = d."value";
  END IF;
  RETURN NULL;
END;
$function$

