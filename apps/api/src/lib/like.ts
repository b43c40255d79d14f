import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `s` as a LIKE pattern matched literally: `%` and `_` typed by a user are searched for as they are. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for "contains `s`", literally. */
export const contains = (s: string) => `%${likeEscape(s)}%`;

/**
 * `text` starts with `prefix` (case and all), as the range a btree with text_pattern_ops reads:
 * unlike `like 'p%'`, also in a plan made before the prefix is known (a prepared statement's
 * generic plan). The bound above is the prefix and U+10FFFF, the last character there is, so a
 * text whose next character is that noncharacter is the one it misses; every text in the range
 * starts with the prefix, so no LIKE is needed beside it.
 */
export const startsWithRange = (text: SQL, prefix: SQL | Placeholder): SQL =>
  sql`(${text} ~>=~ ${prefix} and ${text} ~<~ (${prefix} || chr(1114111)))`;

/**
 * The phone column's digits match `pattern`, the `contains()` pattern of the digits ("0812" given
 * as "812" finds 0812…, 62812… and +62 812-…), a value or a prepared statement's placeholder.
 */
export const phoneDigitsLike = (column: AnyPgColumn, pattern: string | Placeholder): SQL =>
  sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g') like ${pattern}`;
