import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client.js';
import { withMigrationsUpTo } from '../../src/db/migration-journal.js';
import { createScratchDatabase, testServerUrl } from '../scratch-database.js';

/** A scratch database the test owns on the test server. */
export interface OwnDatabase { database: Database; url: string; close(): Promise<void> }

export async function ownDatabase(): Promise<OwnDatabase> {
  const scratch = await createScratchDatabase(testServerUrl(), 'eo_mig');
  const database = await openDatabase({ url: scratch.url, poolSize: 5 });
  return {
    database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Brings the schema up to migration `lastIdx` (8: 0008_coin_status_derived, the previous
 * release) with drizzle's migrator as the app runs it, on a copy of the migrations folder whose
 * journal ends there (withMigrationsUpTo). A later `database.migrate()` (the full folder) then runs the rest.
 */
export async function migrateTo(database: Database, lastIdx: number): Promise<void> {
  await withMigrationsUpTo(lastIdx, async (migrationsFolder) => {
    await migratePg(database.db as never, { migrationsFolder });
  });
}

/** Runs a multi-statement SQL script (a pg_dump) as it is. */
export async function runScript(own: OwnDatabase, script: string): Promise<void> {
  const client = new pg.Client({ connectionString: own.url });
  await client.connect();
  try {
    await client.query(script);
  } finally {
    await client.end();
  }
}

export const DEMO_0008_DUMP = path.join(import.meta.dirname, 'demo-0008.sql');
export const demoDump = () => readFileSync(DEMO_0008_DUMP, 'utf8');
/** Certificates and withdrawals the demo seed lacks, at schema 0008 (see the file). */
export const demoExtras = () => readFileSync(path.join(import.meta.dirname, 'demo-0008-extras.sql'), 'utf8');

/**
 * The previous release's demo database (the 0008 dump), brought up to migration
 * `lastIdx`, given to `test` (which runs the rest with `database.migrate()`), then closed.
 */
export async function withDemoAt(lastIdx: number, test: (own: OwnDatabase) => Promise<void>): Promise<void> {
  const own = await ownDatabase();
  try {
    await migrateTo(own.database, 8);
    await runScript(own, demoDump());
    await migrateTo(own.database, lastIdx);
    await test(own);
  } finally {
    await own.close();
  }
}

/** Rows of a raw query. */
export async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await database.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * Facts a counters migration must fill its counters from, made on the demo data before it runs:
 * seven registrants checked in, the first transaction refunded and its registrants cancelled.
 */
export async function checkInSevenRefundOne(database: Database): Promise<void> {
  await rows(database, sql`update registrants set checked_in_at = now() where id in (select id from registrants order by id limit 7)`);
  await rows(database, sql`update transactions set status = 'refund', refunded_at = now() where id = (select id from transactions order by id limit 1)`);
  await rows(database, sql`update registrants set cancelled_at = now() where transaction_id = (select id from transactions where status = 'refund' order by id limit 1)`);
}
