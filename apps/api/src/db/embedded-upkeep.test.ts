import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createJobModules, jobDefinitions } from '../background-jobs.js';
import { createMailer } from '../lib/mailer.js';
import { DiskStore } from '../lib/storage/disk-store.js';
import { freshDatabase, testConfig } from '../../test/harness.js';
import { isEmbedded, type Database } from './client.js';
import { embeddedUpkeepJob, tablesDue, upkeep } from './embedded-upkeep.job.js';

/**
 * The embedded database's stand-in for autovacuum: a table past autovacuum's thresholds is
 * vacuumed and analyzed, one that is not is left alone, and only the embedded database
 * schedules it. The functions run on both databases (a server would not need them, but they
 * read the same activity counts).
 */
describe('embedded database upkeep', () => {
  let database: Database;
  const rowsOf = async <T,>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const probe = async () => (await tablesDue(database.db)).find((t) => t.table === 'upkeep_probe');

  beforeAll(async () => {
    database = await freshDatabase();
    // Autovacuum must not get there first on a server.
    await database.db.execute(sql`create table upkeep_probe (id int primary key, v text) with (autovacuum_enabled = false)`);
  });
  afterAll(async () => database.close());

  it('tells the embedded database from a server, for a handle and for its transactions', async () => {
    const embedded = database.kind === 'pglite';
    expect(isEmbedded(database.db)).toBe(embedded);
    expect(await database.db.transaction(async (tx) => isEmbedded(tx))).toBe(embedded);
  });

  it('vacuums and analyzes a table past the thresholds, then finds it done', async () => {
    await database.db.execute(sql`insert into upkeep_probe select g, 'row ' || g from generate_series(1, 500) g`);
    await database.db.execute(sql`delete from upkeep_probe where id > 200`);
    // The activity counts reach the statistics about a second after a transaction.
    await vi.waitFor(async () => expect(await probe()).toEqual({ table: 'upkeep_probe', vacuum: true, analyze: true }), { timeout: 15_000, interval: 250 });

    const done = await upkeep(database.db);
    expect(done.find((t) => t.table === 'upkeep_probe')).toMatchObject({ vacuum: true, analyze: true });
    const [after] = await rowsOf<{ vacuumed: boolean; analyzed: boolean; dead: number; rows: number }>(sql`
      select s.last_vacuum is not null as vacuumed, s.last_analyze is not null as analyzed, s.n_dead_tup::int as dead, c.reltuples::int as rows
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'upkeep_probe'`);
    expect(after).toEqual({ vacuumed: true, analyzed: true, dead: 0, rows: 200 });
    // Statistics a planner reads: the column's values are known.
    const [stats] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from pg_stats where tablename = 'upkeep_probe' and attname = 'v'`);
    expect(stats.n).toBe(1);
    expect(await probe()).toBeUndefined();
  });

  it('analyzes without vacuuming when rows changed in place below the vacuum threshold', async () => {
    // 75 updates: past analyze's 50 + 10% of 200 rows (70) with the 50 below, not past vacuum's 50 + 20% (90) dead.
    for (const ids of [[1, 40], [41, 75]]) {
      await database.db.execute(sql`update upkeep_probe set v = v || '!' where id between ${ids[0]} and ${ids[1]}`);
    }
    await vi.waitFor(async () => expect(await probe()).toEqual({ table: 'upkeep_probe', vacuum: false, analyze: true }), { timeout: 15_000, interval: 250 });
    const done = await upkeep(database.db);
    expect(done.find((t) => t.table === 'upkeep_probe')).toMatchObject({ vacuum: false, analyze: true });
    expect(await probe()).toBeUndefined();
  });

  it('is a scheduled job of the embedded database only', async () => {
    const config = testConfig();
    const storage = new DiskStore(config.tmpDir);
    const ids = jobDefinitions(createJobModules({ db: database.db, storage, mailer: createMailer(config), config })).map((d) => d.id);
    expect(ids.includes(embeddedUpkeepJob(database.db).id)).toBe(database.kind === 'pglite');
    expect(embeddedUpkeepJob(database.db).everyMs).toBeGreaterThan(0);
  });
});
