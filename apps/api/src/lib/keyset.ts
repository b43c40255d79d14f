import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CURSOR_INVALID, encodeCursor, type KeysetCursor } from '@eo/contract';
import { invalid } from './errors.js';

/** The order a cursor is made for and must be used with. */
export const orderOf = (q: { sortParam: string; sortBy: 'asc' | 'desc' }) => `${q.sortParam}:${q.sortBy}`;

/** The cursor, when it was made for this order; another list's or order's is a 400. */
export function cursorFor(after: KeysetCursor | undefined, q: { sortParam: string; sortBy: 'asc' | 'desc' }) {
  if (after && after.order !== orderOf(q)) throw invalid(CURSOR_INVALID, [{ message: CURSOR_INVALID, path: 'after' }]);
  return after;
}

/**
 * Rows after the cursor in `(key, id)` order: one row comparison, which an index on
 * (…, key, id) takes as its bound. `key` compares as `type` (the cursor holds it as text).
 */
export function afterRow(key: AnyPgColumn, id: AnyPgColumn, type: 'timestamptz' | 'text', dir: 'asc' | 'desc', at: { key: SQL | Placeholder | string; id: SQL | Placeholder | string }): SQL {
  const value = type === 'timestamptz' ? sql`${at.key}::timestamptz` : sql`${at.key}::text`;
  return dir === 'asc'
    ? sql`(${key}, ${id}) > (${value}, ${at.id}::uuid)`
    : sql`(${key}, ${id}) < (${value}, ${at.id}::uuid)`;
}

/** The page's `nextCursor`: its last row's, when the page is full (a short page is the last). */
export function nextCursor(rows: readonly { sortKey: string; id: string }[], limit: number, q: { sortParam: string; sortBy: 'asc' | 'desc' }): string | null {
  const last = rows.at(-1);
  return last && rows.length === limit ? encodeCursor({ order: orderOf(q), key: last.sortKey, id: last.id }) : null;
}
