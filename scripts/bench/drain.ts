import pg from 'pg';

/**
 * Waits until the server's queued work is done before the next row is timed: autocannon stops
 * at its duration, but the requests it left queued keep the database busy, and the next row
 * would be measured against them (a row after the slow summaries answered nothing in 5 s).
 * Answers how long it waited and whether it gave up at the cap.
 */
export interface Drained { ms: number; capped: boolean }

const PAUSE_MS = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** PostgreSQL: no client backend of the database but this one is `active`, three polls in a row (a request waiting for a pooled connection starts the moment one frees). */
export async function drainPostgres(url: string, capMs = 60_000): Promise<Drained> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = Date.now();
  try {
    let quiet = 0;
    while (quiet < 3) {
      if (Date.now() - t0 > capMs) return { ms: Date.now() - t0, capped: true };
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int n from pg_stat_activity
         where datname = current_database() and backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()`);
      quiet = rows[0].n === 0 ? quiet + 1 : 0;
      await sleep(100);
    }
  } finally {
    await client.end();
  }
  await sleep(PAUSE_MS);
  return { ms: Date.now() - t0, capped: false };
}
