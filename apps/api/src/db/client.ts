import { appendFileSync, mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { entityKind, type Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';
import { SharedPool } from './shared-pool.js';
import { apiPath } from '../lib/api-root.js';

/** Both drivers share drizzle's Postgres surface: services never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded client itself (backups use its consistent `dumpDataDir`). */
  pglite?: PGlite;
  /**
   * Brings the schema up to date, then runs `then` (the demo seed). On a PostgreSQL server both
   * run under an advisory lock: processes starting together on an empty database take turns
   * instead of creating the same tables at once (the second one failed).
   */
  migrate(then?: () => Promise<void>): Promise<void>;
  /**
   * Receives the payloads of `NOTIFY channel` from every process using the database. On a
   * server, a dedicated connection listens; when it is lost `onLost` is called and it is made
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
 * for every value may ask: a name search's plan depends on its text. The embedded database has
 * no twin (it plans as it does).
 */
const genericTwins = new WeakMap<DbOrTx, Db>();
export const genericPlansOf = (db: DbOrTx): Db | undefined => genericTwins.get(db);

/**
 * Whether `db` (a handle or a transaction of one) is the embedded database, told by drizzle's own
 * name of its session class: importing that class would load the embedded driver into a process
 * on a PostgreSQL server.
 */
export const isEmbedded = (db: DbOrTx): boolean =>
  (db._.session.constructor as unknown as Record<typeof entityKind, string>)[entityKind] === 'PgliteSession';

/** The session setting migration 0016's triggers check before notifying a public page's change. */
export const PUBLIC_PAGE_NOTIFY_SETTING = 'eo.public_page_notify';

export interface Subscription {
  /** Whether notifications are arriving now (false while a lost connection is being made again). */
  live(): boolean;
  close(): Promise<void>;
}

/** LISTEN on a connection of its own, made again whenever it is lost. */
async function listenOn(url: string, channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<Subscription> {
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (!closed) retry = setTimeout(() => void connect(), 1000);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    const lost = () => {
      if (current !== client) return;
      current = undefined;
      onLost();
      client.end().catch(() => undefined);
      again();
    };
    client.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (closed) await client.end();
      else current = client;
    } catch {
      client.end().catch(() => undefined);
      again();
    }
  };
  await connect();
  return {
    live: () => current !== undefined,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * The extensions the migrations create, loaded into every embedded database (a server ships
 * them): pg_trgm for the trigram indexes of name searches (migration 0024). Imported on first
 * use, like PGlite itself.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

const migrationsFolder = apiPath('src/db/migrations');
/** This app's advisory lock key for migrating (and seeding) a PostgreSQL database; a restore holds it while it loads. */
export const MIGRATION_LOCK = 4_207_116_318;

/**
 * The benchmark's statement log (BENCH_SQL_LOG, refused outside NODE_ENV=benchmark): one JSON
 * line `{ sql, params }` per statement, written synchronously so a request's statements are on
 * disk when its answer is.
 */
export function sqlFileLogger(file: string): Logger {
  return { logQuery: (query, params) => appendFileSync(file, `${JSON.stringify({ sql: query, params })}\n`) };
}

/**
 * `dataDir` undefined with no url: an in-memory PGlite (tests). `sqlLog`: see sqlFileLogger.
 * `sharedConnections`: see SharedPool (db/shared-pool.ts); 4 unless given, 0 for none.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; poolSize?: number; sharedConnections?: number; sqlLog?: string }): Promise<Database> {
  const logger = opts.sqlLog ? sqlFileLogger(opts.sqlLog) : undefined;
  if (opts.url) {
    // Single statements share a few pipelined connections; transactions take one of the pool's.
    const shared = opts.sharedConnections ?? 4;
    const pool = new SharedPool({ connectionString: opts.url, max: opts.poolSize ?? 10, shared });
    // Connections are made when first needed: a process that never reads a generic statement opens none.
    const genericPool = new SharedPool({ connectionString: opts.url, max: opts.poolSize ?? 10, shared, options: '-c plan_cache_mode=force_generic_plan' });
    // A dropped idle connection must not crash the process.
    pool.on('error', () => undefined);
    genericPool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    genericTwins.set(db, drizzlePg(genericPool, { schema, logger }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      async migrate(then) {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db as never, { migrationsFolder });
          await then?.();
        } finally {
          // Also released by PostgreSQL when the session ends (a process killed meanwhile).
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      listen: (channel, onMessage, onLost) => listenOn(opts.url!, channel, onMessage, onLost),
      ping: async () => void (await pool.query('select 1')),
      close: async () => void (await Promise.all([pool.end(), genericPool.end()])),
    };
  }
  // Loaded only here: a process on a PostgreSQL server never holds the embedded database's code.
  const [{ PGlite: Embedded }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator'),
  ]);
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await Embedded.create({ ...(opts.dataDir ? { dataDir: opts.dataDir } : {}), extensions: await pgliteExtensions() });
  // The public pages' change notifications (migration 0016): cheap in-process here, while on a
  // server they would serialise the commits of every registration (so a server leaves it off).
  await client.exec(`SET ${PUBLIC_PAGE_NOTIFY_SETTING} = 'on'`);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async migrate(then) {
      await migratePglite(db as never, { migrationsFolder });
      await then?.();
    },
    // One process holds the embedded database: its notifications are its own, delivered as each statement completes.
    async listen(channel, onMessage) {
      const unlisten = await client.listen(channel, onMessage);
      let live = true;
      // Closing after the database itself (a test, a shutdown) has nothing left to undo.
      return { live: () => live, close: async () => { live = false; await unlisten().catch(() => undefined); } };
    },
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
