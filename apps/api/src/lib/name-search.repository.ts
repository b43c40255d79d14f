import { and, eq, ilike, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { preparedSql } from '../db/prepared-sql.js';
import { registrants } from '../db/schema/index.js';
import { contains } from './like.js';
import { computableHere, nameTokens, PROBE_EVENT, TOKEN_PROBE } from './name-tokens.js';

// A registrant name "contains" search of one event, through registrants_name_tokens_idx
// (migration 0032: the event's three-character pieces of each name). Every piece of the text is
// in every matching name, so the index may be asked for any of them; each piece asked costs a walk
// of its list for every candidate, so only the rarest few are asked and ilike rechecks the rows.

/** At most this many of a text's rarest pieces go to the index: two rare ones already leave a few rows. */
const PIECES = 3;

/**
 * A text whose rarest piece is held by more registrants than `commonRows` is common ("festival"
 * in an event of "Festival N"): its matches are found walking the event's index in the list's
 * order, which stops at a page, instead of collecting them all from the token index. Tests lower it.
 */
export const nameSearch = { commonRows: 2000 };

interface TokenRow { token: string; rows: number | null }

/**
 * How long a process keeps the token index's statistics. They change only when ANALYZE runs, and
 * they only choose which tokens a search asks the index for (ilike rechecks every row): a choice
 * made on older statistics finds the same rows.
 */
export const TOKEN_STATS_MS = 60_000;

/**
 * What a process keeps of the token index: registrants estimated to hold each of its most common
 * tokens (null without statistics), and whether the database's tokens of ASCII texts are the ones
 * name-tokens.ts computes (its lower() and hash, checked on every printable character).
 */
interface TokenStats { counts: Map<string, number> | null; computedHere: boolean }

// The frequencies ANALYZE found among this index's most common elements, and the table's rows.
// The statistics of an index are visible to the owner of its table (the role that runs the
// migrations); to another role there are none, and a search then asks the index for every token.
const statsOf = preparedSql<{ elems: string[] | null; freqs: number[] | null; total: number; probe: string[] }>('registrant_name_token_stats', () => sql`
  select "s"."most_common_elems"::text::bigint[]::text[] as "elems", "s"."most_common_elem_freqs" as "freqs", greatest("c"."reltuples", 0)::float8 as "total",
    registrant_name_tokens(${PROBE_EVENT}::uuid, ${TOKEN_PROBE}::text)::text[] as "probe"
  from "pg_class" as "c" left join "pg_stats" as "s" on "s"."schemaname" = current_schema() and "s"."tablename" = 'registrants_name_tokens_idx'
  where "c"."oid" = 'registrants'::regclass limit 1`, 'generic');

// A text the API cannot tokenize itself (not ASCII), planned once: the event and the text are values.
const tokensOf = preparedSql<{ token: string }>('registrant_name_tokens_of', () => sql`
  select unnest(registrant_name_tokens(${sql.placeholder('eventId')}::uuid, ${sql.placeholder('text')}::text))::text as "token"`, 'generic');

/**
 * The token statistics, read once per TOKEN_STATS_MS per database handle: reading them per search
 * (pg_stats, and the text of its array parsed) cost PostgreSQL more than the search's own page.
 */
const kept = new WeakMap<DbOrTx, { at: number; stats: Promise<TokenStats> }>();
function tokenStats(db: DbOrTx): Promise<TokenStats> {
  const now = Date.now();
  const hit = kept.get(db);
  if (hit && now - hit.at < TOKEN_STATS_MS) return hit.stats;
  const stats = statsOf(db, {}).then(([row]) => ({
    counts: row?.elems && row.freqs ? new Map(row.elems.map((token, i) => [token, row.freqs![i] * row.total])) : null,
    computedHere: row !== undefined && row.probe.join() === nameTokens(PROBE_EVENT, TOKEN_PROBE).join(),
  }));
  kept.set(db, { at: now, stats });
  // A failed read is asked again by the next search (unless a newer read has replaced it).
  stats.catch(() => { if (kept.get(db)?.stats === stats) kept.delete(db); });
  return stats;
}

/**
 * The tokens to ask the index for: the rarest `PIECES` of the text by the index's statistics
 * (a token not among its most common is rarer than all of them), every token when there are no
 * statistics to choose by, none when the text is shorter than a piece or common.
 */
export function rarestTokens(rows: TokenRow[]): string[] {
  if (rows.every((r) => r.rows === null)) return rows.map((r) => r.token);
  const rarest = [...rows].sort((a, b) => (a.rows ?? 0) - (b.rows ?? 0)).slice(0, PIECES);
  return (rarest[0]?.rows ?? 0) > nameSearch.commonRows ? [] : rarest.map((r) => r.token);
}

/** The tokens a search for `text` in `eventId` asks the index for (rarestTokens); none for a text shorter than a piece. */
export async function searchTokens(db: DbOrTx, eventId: string, text: string): Promise<string[]> {
  if ([...text].length < 3) return [];
  const { counts, computedHere } = await tokenStats(db);
  const tokens = computedHere && computableHere(text) ? nameTokens(eventId, text) : (await tokensOf(db, { eventId, text })).map((r) => r.token);
  return rarestTokens(tokens.map((token) => ({ token, rows: counts && (counts.get(token) ?? 0) })));
}

/** A name search of one event: the ilike pattern, and the tokens that narrow it (none: ilike alone). */
export interface NameSearch { pattern: string; tokens: string[] }

export async function nameSearchOf(db: DbOrTx, eventId: string, text: string): Promise<NameSearch> {
  return { pattern: contains(text), tokens: await searchTokens(db, eventId, text) };
}

/** `tokens` as a value of a statement (a bigint[] literal). */
const tokensValue = (tokens: string[]) => `{${tokens.join(',')}}`;

const holdsTokens = (tokens: SQL | Placeholder) => sql`registrant_name_tokens(${registrants.eventId}, ${registrants.name}) @> ${tokens}::bigint[]`;

/** "The registrant's name contains the text", for a statement planned for its values (custom). */
export function nameCondition(s: NameSearch): SQL {
  const matches = ilike(registrants.name, s.pattern);
  return s.tokens.length === 0 ? matches : and(holdsTokens(sql`${tokensValue(s.tokens)}`), matches)!;
}

/**
 * A name search (with tokens) for a statement planned once (generic): the current registrants
 * holding every token, as a subquery, and the condition on them, of the event and the pattern,
 * outside it. Its placeholders (eventId, pattern, tokens, keepApart) take tokenSearchValues.
 * The subquery's OFFSET (`keepApart`, 0: drizzle leaves out a literal 0) keeps the planner from
 * merging it into the outer query, where, not knowing the tokens, it would AND the token index
 * with the event's whole index (100,000 entries; 4.8 ms against 0.06).
 */
export function tokenMatches(db: DbOrTx) {
  const candidates = db
    .select({ id: registrants.id, eventId: registrants.eventId, name: registrants.name, createdAt: registrants.createdAt })
    .from(registrants)
    .where(and(isNull(registrants.cancelledAt), holdsTokens(sql.placeholder('tokens'))))
    .offset(sql.placeholder('keepApart'))
    .as('candidates');
  const matched = and(eq(candidates.eventId, sql.placeholder('eventId')), ilike(candidates.name, sql.placeholder('pattern')))!;
  return { candidates, matched };
}

/** The values of tokenMatches' placeholders for a search of `eventId`. */
export const tokenSearchValues = (eventId: string, s: NameSearch) => ({ eventId, pattern: s.pattern, tokens: tokensValue(s.tokens), keepApart: 0 });
