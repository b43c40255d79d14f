import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollUntil } from '../../test/poll.js';
import { createScratchDatabase, testServerUrl } from '../../test/scratch-database.js';
import { rowsOf } from './pg-results.js';
import { MIGRATION_LOCK, openDatabase, type Database } from './client.js';

describe('migrating a database', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase(testServerUrl(), 'eo_migrate');
    database = await openDatabase({ url: scratch.url, poolSize: 3 });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

  it('holds the lock while it runs, then ends the session that migrated instead of pooling it', async () => {
    let migrator: number | undefined;
    await database.migrate(async () => {
      const [holder] = await rows<{ pid: number }>(sql`select pid from pg_locks where locktype = 'advisory' and objid = ${MIGRATION_LOCK} and granted`);
      migrator = holder?.pid;
    });
    expect(migrator).toBeTypeOf('number');
    const [{ tables }] = await rows<{ tables: number }>(sql`select count(*)::int as tables from pg_tables where schemaname = 'public'`);
    expect(tables).toBeGreaterThan(40);
    // Its backend exits once the connection closes, a moment after migrate() returns; pooled, it would stay.
    const alive = await pollUntil(async () => (await rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where pid = ${migrator}`))[0].n, (n) => n === 0, 5000);
    expect(alive).toBe(0);
  });
});
