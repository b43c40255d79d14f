-- Every suffix of the lowercased name that starts with a character other than a space, cut to its
-- first 16 characters, as one tsvector: registrants_event_name_suffix_idx keeps them, so "the name
-- contains q" is "a suffix starts with q", a prefix match in the index (name_suffix_query) instead
-- of intersecting trigram posting lists that every name of an event shares (lib/name-search).
-- Its cost, 300 where an ILIKE's is 1 (about 10 in truth), makes a plan made before the text is
-- known (the door search's: a hundred rows an event, it guesses) read the index rather than test
-- each of the event's names; at 1,000 a plan for a rare text went parallel (30 ms, not 3), and a
-- plan for a common one still walks the event's names.
CREATE OR REPLACE FUNCTION public.name_suffixes(name text)
 RETURNS tsvector
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE STRICT COST 300
AS $function$
DECLARE
  l text := lower(name);
  s text[] := '{}';
BEGIN
  FOR i IN 1..length(l) LOOP
    IF substr(l, i, 1) <> ' ' THEN
      s := s || left(substr(l, i), 16);
    END IF;
  END LOOP;
  RETURN array_to_tsvector(s);
END
$function$;
