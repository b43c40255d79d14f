import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { noPayload, type JobDefinition } from '../../jobs/job-definition.js';

export const COMPACT_COUNTERS_EVERY_MS = 10_000;

/**
 * Folds the insert-only counters (event_sales_counters, platform_counters; migration 0023; the
 * rest of compact_counters() in 0025 and 0034) into one row per key, so a reader sums a handful of rows. Readers
 * are right whether it has run or not; it only keeps them cheap.
 */
export async function compactCounters(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select compact_counters() as n`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

export function compactCountersJob(db: DbOrTx): JobDefinition<Record<string, never>> {
  return {
    id: 'counters.compact',
    payload: noPayload,
    everyMs: COMPACT_COUNTERS_EVERY_MS,
    async handler() {
      await compactCounters(db);
    },
  };
}
