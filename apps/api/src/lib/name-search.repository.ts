import { and, ilike, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { registrants } from '../db/schema/index.js';
import { contains } from './like.js';

/** Texts shorter than this are not worth the index: nearly every name holds one or two letters. */
const INDEXED_FROM = 3;

/** Whether a search for `text` reads registrants_event_name_suffix_idx (nameContainsOf's `indexed`). */
export const nameIndexed = (text: string) => text.length >= INDEXED_FROM;

/**
 * "The registrant's name contains the text" (case-insensitive, `%` and `_` taken literally), for a
 * statement that also says `event_id = …` and `status = 'confirmed'`: the participant list's name
 * filter and the door search. `text` is the text, `pattern` its `contains()` LIKE pattern, each a
 * value or a prepared statement's placeholder; `indexed` is nameIndexed(text).
 * Indexed, registrants_event_name_suffix_idx (every suffix of the confirmed registrants' names,
 * keyed by event: db/functions/name_suffixes.sql) finds the names with a suffix starting with the
 * text's first 16 characters, and the ILIKE keeps those that hold all of it. A prefix match reads
 * only the entries that start with the text, where trigrams read the posting list of every
 * trigram in it, all 100,000 long when every name of an event shares a word. Its cost grows with
 * the names that hold the text: 0.1 ms for a few, 20 ms for all 100,000 of a festival.
 */
export function nameContainsOf(text: string | Placeholder, pattern: string | Placeholder, indexed: boolean): SQL {
  const exact = ilike(registrants.name, pattern);
  return indexed ? and(sql`name_suffixes(${registrants.name}) @@ name_suffix_query(${text})`, exact)! : exact;
}

/** nameContainsOf for a text at hand. */
export const nameContains = (text: string): SQL => nameContainsOf(text, contains(text), nameIndexed(text));
