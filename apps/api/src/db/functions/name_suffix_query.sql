-- The prefix query matching name_suffixes of a name that contains q (lowercased, its first 16
-- characters, quoted as one lexeme so that no character of it is an operator). A longer q matches
-- more than it should: lib/name-search adds the exact ILIKE.
CREATE OR REPLACE FUNCTION public.name_suffix_query(q text)
 RETURNS tsquery
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  SELECT ('''' || replace(replace(left(lower(q), 16), '\', '\\'), '''', '''''') || ''':*')::tsquery
$function$;
