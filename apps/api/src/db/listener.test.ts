import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, testServerUrl } from '../../test/scratch-database.js';
import { until } from '../../test/harness.js';
import { Listener, LISTENER_NAME } from './listener.js';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let admin: pg.Client;
beforeAll(async () => {
  scratch = await createScratchDatabase(testServerUrl(), 'eo_listen');
  admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await scratch?.drop();
});

const listeners = async () => (await admin.query<{ pid: number }>(
  'select pid from pg_stat_activity where datname = current_database() and application_name = $1', [LISTENER_NAME])).rows;

describe('Listener', () => {
  it('listens to every channel on one connection, hears each, survives a lost connection and ends with the last channel', async () => {
    const listener = new Listener(scratch.url);
    const heard: string[] = [];
    const lost: string[] = [];
    const a = await listener.listen('eo_a', (p) => heard.push(`a:${p}`), () => lost.push('a'));
    const b = await listener.listen('eo_b', (p) => heard.push(`b:${p}`), () => lost.push('b'));
    expect(await listeners()).toHaveLength(1);
    await admin.query(`select pg_notify('eo_a', '1'), pg_notify('eo_b', '2')`);
    expect(await until(async () => heard.length === 2)).toBe(true);
    expect(heard.sort()).toEqual(['a:1', 'b:2']);

    // The connection is cut: both channels are told, then it is made again and both hear again.
    const [{ pid }] = await listeners();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    expect(await until(async () => lost.length === 2)).toBe(true);
    expect(a.live()).toBe(false);
    expect(await until(async () => a.live() && b.live(), 200)).toBe(true);
    await admin.query(`select pg_notify('eo_a', '3'), pg_notify('eo_b', '4')`);
    expect(await until(async () => heard.length === 4)).toBe(true);

    await a.close();
    await admin.query(`select pg_notify('eo_a', '5'), pg_notify('eo_b', '6')`);
    expect(await until(async () => heard.includes('b:6'))).toBe(true);
    expect(heard).not.toContain('a:5');
    await b.close();
    expect(await until(async () => (await listeners()).length === 0)).toBe(true);
    await listener.close();
  });
});
