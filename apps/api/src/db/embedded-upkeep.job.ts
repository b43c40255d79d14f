import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import { noPayload, type JobDefinition } from '../jobs/job-definition.js';
import type { JobLog } from '../jobs/queue.js';

// The embedded database has no autovacuum (no background processes in PGlite): without this its
// tables would never be analyzed, so every plan would be a guess from defaults (the name search
// could not tell a rare piece from a common one, lib/name-search), and the rows that updates,
// refunds and the counters' compaction leave dead would never be reclaimed. This job does what
// autovacuum does on a server, with its default thresholds, one table at a time: PGlite answers
// one statement at a time, so a request waits while a table is vacuumed, and a small table's
// upkeep is over in milliseconds. Only the embedded database runs it (background-jobs.ts).

export const EMBEDDED_UPKEEP_EVERY_MS = 60_000;

/** PostgreSQL's autovacuum defaults: a table is due past `base + share × its rows` changes. */
export const UPKEEP_THRESHOLDS = {
  vacuum: { base: 50, share: 0.2 },
  insertVacuum: { base: 1000, share: 0.2 },
  analyze: { base: 50, share: 0.1 },
} as const;

export interface TableDue { table: string; vacuum: boolean; analyze: boolean }

/**
 * The tables of our schema that are due for VACUUM (dead rows, or many rows inserted since the
 * last, which sets the visibility map index-only scans read) or ANALYZE (rows changed since the
 * statistics were taken), by the database's own activity counts (flushed about once a second).
 */
export async function tablesDue(db: DbOrTx): Promise<TableDue[]> {
  const { vacuum, insertVacuum, analyze } = UPKEEP_THRESHOLDS;
  const result = await db.execute(sql`
    select s.relname as "table",
           s.n_dead_tup > ${vacuum.base} + ${vacuum.share} * greatest(c.reltuples, 0)
             or s.n_ins_since_vacuum > ${insertVacuum.base} + ${insertVacuum.share} * greatest(c.reltuples, 0) as "vacuum",
           s.n_mod_since_analyze > ${analyze.base} + ${analyze.share} * greatest(c.reltuples, 0) as "analyze"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = current_schema()
    order by s.relname`);
  return (result as unknown as { rows: TableDue[] }).rows.filter((t) => t.vacuum || t.analyze);
}

/** Vacuums and/or analyzes each due table, one statement each; answers what it did. */
export async function upkeep(db: DbOrTx, log?: Pick<JobLog, 'info'>): Promise<(TableDue & { ms: number })[]> {
  const done = [];
  for (const due of await tablesDue(db)) {
    const t0 = performance.now();
    const table = sql.identifier(due.table);
    await db.execute(due.vacuum ? sql`vacuum (analyze ${sql.raw(due.analyze ? 'true' : 'false')}) ${table}` : sql`analyze ${table}`);
    done.push({ ...due, ms: Math.round(performance.now() - t0) });
  }
  if (done.length > 0) log?.info({ tables: done }, 'embedded database upkeep');
  return done;
}

export function embeddedUpkeepJob(db: DbOrTx): JobDefinition<Record<string, never>> {
  return {
    id: 'database.embedded-upkeep',
    payload: noPayload,
    everyMs: EMBEDDED_UPKEEP_EVERY_MS,
    async handler(_payload, ctx) {
      await upkeep(db, ctx.log);
    },
  };
}
