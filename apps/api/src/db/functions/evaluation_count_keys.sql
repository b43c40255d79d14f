-- The keys an evaluation answer counts under (evaluation_counts): each question answered with
-- value '', and a scale or options question's value (each option of a checkbox answer).
-- Used by evaluation_counts_apply and the migration that filled the counts.
CREATE OR REPLACE FUNCTION public.evaluation_count_keys(answers jsonb, event uuid)
 RETURNS TABLE(question_id text, value text)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT e->>'questionId', '' FROM jsonb_array_elements("answers") e
  UNION ALL
  SELECT e->>'questionId', x."value"
  FROM jsonb_array_elements("answers") e
  JOIN "evaluation_questions" q ON q."event_id" = "event" AND q."id"::text = e->>'questionId' AND q."type" <> 'text'
  CROSS JOIN LATERAL (
    SELECT jsonb_array_elements_text(e->'value') AS "value" WHERE jsonb_typeof(e->'value') = 'array'
    UNION ALL
    SELECT e->'value' #>> '{}' WHERE jsonb_typeof(e->'value') NOT IN ('array', 'null')
  ) x
$function$

