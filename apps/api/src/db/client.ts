import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { Listener, type Subscription } from './listener.js';
import * as schema from './schema/index.js';
import { apiPath } from '../lib/api-root.js';

/** drizzle's Postgres surface over node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /** The connection string (backups open their own connection). */
  url: string;
  /**
   * Brings the schema up to date, then runs `then` (the demo seed), both under an advisory
   * lock: processes starting together on an empty database take turns instead of creating the
   * same tables at once (the second one failed).
   */
  migrate(then?: () => Promise<void>): Promise<void>;
  /**
   * Receives the payloads of `NOTIFY channel` from every process using the database. One
   * dedicated connection listens to every channel (db/listener.ts); when it is lost `onLost` is called and it is made
   * again (a second later, then every second).
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<Subscription>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A server handle's twin, a pool whose connections plan a prepared statement once for all its
 * values (`plan_cache_mode = force_generic_plan`), for the statements that ask for it
 * (PlanMode 'generic' in db/prepared-sql.ts). PostgreSQL otherwise keeps planning a statement per
 * call while the plan it would keep looks dearer on paper: a page's `LIMIT $n OFFSET $m` is costed
 * as a tenth of the rows. For the participant page of a 100,000-registrant event that meant
 * 0.36 ms of planning for 0.1 ms of execution on every view. Only statements whose best plan is the same
 * for every value may ask: a name search's plan depends on its text.
 */
const genericTwins = new WeakMap<DbOrTx, Db>();
export const genericPlansOf = (db: DbOrTx): Db | undefined => genericTwins.get(db);

const migrationsFolder = apiPath('src/db/migrations');
/** This app's advisory lock key for migrating (and seeding) a PostgreSQL database; a restore holds it while it loads. */
export const MIGRATION_LOCK = 4_207_116_318;

/** A pool of `poolSize` connections (10 unless given) to the server at `url`, made when first needed. */
export async function openDatabase(opts: { url: string; poolSize?: number }): Promise<Database> {
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
  const genericPool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, options: '-c plan_cache_mode=force_generic_plan' });
  // A dropped idle connection must not crash the process.
  pool.on('error', () => undefined);
  genericPool.on('error', () => undefined);
  const listener = new Listener(opts.url);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  genericTwins.set(db, drizzlePg(genericPool, { schema }) as unknown as Db);
  return {
    db,
    url: opts.url,
    async migrate(then) {
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(lock), { migrationsFolder });
        await then?.();
      } finally {
        // The lock also ends with the session. The session is ended rather than pooled: having
        // read or altered every table, it holds their catalog entries (about 20 MB of the
        // backend's memory), which no request needs.
        lock.release(true);
      }
    },
    listen: (channel, onMessage, onLost) => listener.listen(channel, onMessage, onLost),
    ping: async () => void (await pool.query('select 1')),
    close: async () => void (await Promise.all([pool.end(), genericPool.end(), listener.close()])),
  };
}
