import pg from 'pg';

/**
 * The database a backup reads or a restore writes: a connection string (the embedded server's
 * or DATABASE_URL), or a pool the caller already has (and keeps: it is not ended here).
 */
export type DatabaseTarget = string | pg.Pool;

export async function withPool<T>(target: DatabaseTarget, run: (pool: pg.Pool) => Promise<T>): Promise<T> {
  if (typeof target !== 'string') return run(target);
  const pool = new pg.Pool({ connectionString: target, max: 2 });
  // A connection dropped while idle must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    return await run(pool);
  } finally {
    await pool.end();
  }
}

/** One connection of the pool for `run`, given back afterwards (destroyed when `run` failed, so no half-done transaction is reused). */
export async function withClient<T>(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failed = false;
  try {
    return await run(client);
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    client.release(failed);
  }
}
