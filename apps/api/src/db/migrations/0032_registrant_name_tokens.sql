-- Participant and door name searches ("contains", ilike '%…%') through the pieces of a name
-- instead of pg_trgm's trigrams. Why: pg_trgm's index keys a trigram across every event, and a
-- search ANDs all of the text's trigrams, walking each one's posting list for every candidate;
-- in a 100,000-registrant event whose names share words ("Festival N"), "festival 4242" read
-- 289 index pages (3.3 ms of a 3.5 ms statement) though 11 rows match.
--
-- A registrant's tokens are every three-character piece of its lowercased name (spaces and
-- punctuation included), each hashed with its event as the seed: one token's list holds only that
-- event's registrants. A name containing a text contains every piece of the text, so a search
-- may ask the index for any of the text's tokens and recheck the rows with ilike; asking for its
-- rarest two or three (by the planner's statistics of this index, see
-- registrant_name_search_tokens and lib/name-search.repository.ts) reads a handful of pages.
--
-- PL/pgSQL, not SQL: a SQL function in an index expression is parsed and planned again by every
-- statement that inserts a registrant (it cannot be inlined there), a PL/pgSQL one once per session.
CREATE FUNCTION "registrant_name_tokens"("e" uuid, "n" text) RETURNS bigint[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  "l" text := lower("n");
  "seed" bigint := hashtextextended("e"::text, 0);
  "tokens" bigint[] := '{}';
BEGIN
  FOR "i" IN 1 .. coalesce(char_length("l"), 0) - 2 LOOP
    "tokens" := "tokens" || hashtextextended(substr("l", "i", 3), "seed");
  END LOOP;
  RETURN "tokens";
END;
$$;--> statement-breakpoint
-- A search text's tokens in the event, each with the registrants estimated to hold it: the
-- frequency ANALYZE found among this index's most common elements times the table's rows; 0 for
-- a token that is not among them (rarer than all of them); null for every token when the index
-- has no such statistics (never analyzed, or no token common enough to be listed). The statistics
-- of an index are visible to the owner of its table (the role that runs the migrations); to
-- another role every token is null, and a search then asks the index for all of them.
CREATE FUNCTION "registrant_name_search_tokens"("e" uuid, "q" text) RETURNS TABLE("token" bigint, "rows" double precision)
LANGUAGE sql STABLE AS $$
  SELECT "t", CASE WHEN "st"."elems" IS NOT NULL THEN coalesce("st"."freqs"[array_position("st"."elems", "t")], 0) * "st"."total" END
  FROM unnest(registrant_name_tokens("e", "q")) AS "t"
  LEFT JOIN (
    SELECT "s"."most_common_elems"::text::bigint[] AS "elems", "s"."most_common_elem_freqs" AS "freqs", greatest("c"."reltuples", 0) AS "total"
    FROM "pg_stats" AS "s" JOIN "pg_class" AS "c" ON "c"."oid" = 'registrants'::regclass
    WHERE "s"."schemaname" = current_schema() AND "s"."tablename" = 'registrants_name_tokens_idx'
    -- Kept a subquery (not pulled up): else the statistics' text is parsed again for every token.
    OFFSET 0
  ) AS "st" ON true
$$;--> statement-breakpoint
DROP INDEX "registrants_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "registrants_name_tokens_idx" ON "registrants" USING gin (registrant_name_tokens("event_id", "name")) WHERE "registrants"."cancelled_at" is null;
