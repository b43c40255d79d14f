import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/scratch-database.js';
import { until } from '../../test/harness.js';
import { FILL_DEPTH, SharedPool, STALL_MS } from './shared-pool.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * SharedPool on a real PostgreSQL server: single statements share its few pipelined connections
 * and each gets its own answer (failures included), filling them in order and passing over a
 * stalled one, named statements are parsed once per connection, transactions keep a connection
 * of their own, and a lost connection is made again.
 */
describe.runIf(serverUrl)('SharedPool', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let pool: SharedPool;
  const pids = async (p: SharedPool, n: number) =>
    new Set((await Promise.all(Array.from({ length: n }, () => p.query('select pg_backend_pid() as pid')))).map((r) => r.rows[0].pid as number));

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'eo_shared');
    pool = new SharedPool({ connectionString: scratch.url, max: 5, shared: 2 });
    await pool.query('create table shared_probe (id int primary key)');
  });
  afterAll(async () => {
    await pool.end();
    await scratch.drop();
  });

  it('answers each of many concurrent statements with its own rows, over the shared connections only', async () => {
    const answers = await Promise.all(Array.from({ length: 500 }, (_, i) => pool.query('select $1::int * 2 as n', [i])));
    expect(answers.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 500 }, (_, i) => i * 2));
    const used = await pids(pool, 200);
    expect(used.size).toBeGreaterThanOrEqual(1);
    expect(used.size).toBeLessThanOrEqual(2);
  });

  it('fills the first shared connection before the next, up to FILL_DEPTH statements', async () => {
    expect((await pids(pool, FILL_DEPTH)).size).toBe(1);
    expect((await pids(pool, FILL_DEPTH + 8)).size).toBe(2);
  });

  it('passes over a connection stalled on a slow statement: the next ones are answered meanwhile', async () => {
    let slowDone = false;
    const slow = pool.query('select pg_backend_pid() as pid, pg_sleep(0.6)').then((r: { rows: { pid: number }[] }) => {
      slowDone = true;
      return r.rows[0].pid;
    });
    await new Promise((r) => setTimeout(r, STALL_MS * 4));
    const quick = await pids(pool, 10);
    expect(slowDone).toBe(false);
    expect(quick.size).toBe(1);
    expect(quick.has(await slow)).toBe(false);
  });

  it('fails only the statement that fails; those around it are answered', async () => {
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => pool.query(i === 30 ? 'select 1 / $1::int as n' : 'select $1::int as n', [i === 30 ? 0 : i])));
    expect(results[30]).toMatchObject({ status: 'rejected', reason: { message: 'division by zero' } });
    results.forEach((r, i) => {
      if (i !== 30) expect(r).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: i }] } });
    });
  });

  it('runs a named statement concurrently, parsed once per connection', async () => {
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => pool.query({ name: 'shared_probe_plus_one', text: 'select $1::int + 1 as n', values: [i] })));
    expect(answers.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
  });

  it('gives a transaction a connection of its own, whose writes the shared ones see only once committed', async () => {
    const tx = await pool.connect();
    try {
      const shared = await pids(pool, 20);
      const [{ pid }] = (await tx.query('select pg_backend_pid() as pid')).rows;
      expect(shared.has(pid)).toBe(false);
      await tx.query('begin');
      await tx.query('insert into shared_probe values (1)');
      expect((await pool.query('select count(*)::int as n from shared_probe')).rows[0].n).toBe(0);
      await tx.query('commit');
      expect((await pool.query('select count(*)::int as n from shared_probe')).rows[0].n).toBe(1);
    } finally {
      tx.release();
    }
  });

  it('makes a lost shared connection again', async () => {
    const before = await pids(pool, 50);
    const killer = new SharedPool({ connectionString: scratch.url, max: 1 });
    try {
      await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where pid = any($1::int[])', [[...before]]);
    } finally {
      await killer.end();
    }
    // What was in flight on it fails; the next statements get a new connection.
    expect(await until(async () => (await pool.query('select 1 as n').catch(() => undefined))?.rows[0].n === 1)).toBe(true);
    const after = await pids(pool, 50);
    expect([...after].some((pid) => before.has(pid))).toBe(false);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => pool.query('select $1::int as n', [i])));
    expect(answers.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('with no shared connections, is pg.Pool: each statement takes a connection of the pool', async () => {
    const plain = new SharedPool({ connectionString: scratch.url, max: 4, shared: 0 });
    try {
      const slow = await Promise.all(Array.from({ length: 4 }, () => plain.query('select pg_backend_pid() as pid, pg_sleep(0.05)')));
      expect(new Set(slow.map((r) => r.rows[0].pid)).size).toBe(4);
    } finally {
      await plain.end();
    }
  });

  it('closes its shared connections when it ends', async () => {
    const own = new SharedPool({ connectionString: scratch.url, max: 2, shared: 2 });
    const used = [...await pids(own, 20)];
    await own.end();
    // A backend leaves pg_stat_activity as it exits, just after the client closed.
    const gone = async () => (await pool.query('select count(*)::int as n from pg_stat_activity where pid = any($1::int[])', [used])).rows[0].n === 0;
    expect(await until(gone)).toBe(true);
  });
});
