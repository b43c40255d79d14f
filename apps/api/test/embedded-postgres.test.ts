import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, stopOrphanedPostgres } from '../src/db/embedded-postgres.js';
import { cli, tableCounts } from './backup-world.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * The embedded default's PostgreSQL server as the real server process runs it: a server killed
 * with SIGKILL leaves its postmaster running, or (both killed) a stale `postmaster.pid`, and the
 * next start takes the cluster over with every committed row; a second server on the same
 * DATA_DIR is refused with a clear message; SIGTERM stops PostgreSQL too.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-embedded-'));
const env = { SEED_DEMO: '0', JWT_SECRET: 'embedded-test-secret-0123456789-abcdefghijkl', LOG_LEVEL: 'warn' };
const servers: ServerProcess[] = [];

const start = async () => {
  const server = await startServer({ dataDir, env });
  servers.push(server);
  return server;
};

/** The postmaster's pid, from its lock file; undefined once it has gone. */
function postmasterPid(): number | undefined {
  const file = path.join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Runs `query` on the cluster the running server owns (joined as the CLI joins it). */
async function onCluster<T>(query: (client: pg.Client) => Promise<T>): Promise<T> {
  const joined = await startEmbeddedPostgres(dataDir, { attach: true });
  expect(joined.owned).toBe(false);
  const client = new pg.Client({ connectionString: joined.url });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
}

const count = () => onCluster(async (c) => (await c.query<{ n: number }>('select count(*)::int n from embedded_probe')).rows[0]!.n);

afterAll(async () => {
  for (const s of servers) await s.kill();
  await stopOrphanedPostgres(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!process.env.TEST_SLOW)('embedded PostgreSQL under the real server', () => {
  it('a SIGKILLed server leaves its postmaster running: the next start takes the cluster over, every committed row kept', async () => {
    const first = await start();
    expect(first.output()).toContain(`embedded PostgreSQL in ${dataDir}/pg`);
    await onCluster(async (c) => {
      await c.query('create table embedded_probe (n int)');
      await c.query('insert into embedded_probe select generate_series(1, 100)');
    });
    const orphan = postmasterPid();
    expect(orphan).toBeDefined();
    await first.kill();
    // Nobody stopped it: the postmaster outlives the process that started it.
    expect(postmasterPid()).toBe(orphan);

    const second = await start();
    expect(second.output()).toContain(`Stopping the embedded PostgreSQL (process ${orphan})`);
    expect(postmasterPid()).not.toBe(orphan);
    expect(await count()).toBe(100);
  }, 240_000);

  it('a second server on the same DATA_DIR is refused with a clear message, the first one untouched', async () => {
    const running = servers.at(-1)!;
    const pid = postmasterPid();
    await expect(startServer({ dataDir, env, readyTimeoutMs: 60_000 })).rejects.toThrow(/DATA_DIR .* is in use by another server \(process \d+\)/);
    expect(postmasterPid()).toBe(pid);
    expect((await fetch(`${running.base}/readyz`)).status).toBe(200);
  }, 120_000);

  it('both killed (a stale postmaster.pid): the next start recovers, every committed row kept', async () => {
    await onCluster((c) => c.query('insert into embedded_probe select generate_series(101, 150)'));
    const pid = postmasterPid()!;
    await servers.at(-1)!.kill();
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 100 && postmasterPid() !== undefined; i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    await start();
    expect(await count()).toBe(150);
  }, 240_000);

  it('a backup beside the running server joins its cluster; restored into a new DATA_DIR, every table comes back', async () => {
    await onCluster((c) => c.query('drop table embedded_probe'));
    const pid = postmasterPid();
    const archive = path.join(dataDir, 'embedded.tar.gz');
    const made = await cli(['backup', '--out', archive], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(made.code, made.out).toBe(0);
    // The server's postmaster served the backup and still runs: nothing was stopped or started.
    expect(postmasterPid()).toBe(pid);
    const source = await tableCounts((await startEmbeddedPostgres(dataDir, { attach: true })).url);
    const target = mkdtempSync(path.join(tmpdir(), 'eo-embedded-restore-'));
    try {
      // No server there: the command starts the new DATA_DIR's cluster for itself and stops it.
      const restored = await cli(['restore', '--in', archive], { DATA_DIR: target, DATABASE_URL: '' });
      expect(restored.code, restored.out).toBe(0);
      const started = await startEmbeddedPostgres(target);
      try {
        expect(await tableCounts(started.url)).toEqual(source);
      } finally {
        await started.stop();
      }
    } finally {
      await stopOrphanedPostgres(target);
      rmSync(target, { recursive: true, force: true });
    }
  }, 240_000);

  it('SIGTERM stops PostgreSQL with the server, within the shutdown bound', async () => {
    const server = servers.at(-1)!;
    const pid = postmasterPid();
    expect(pid).toBeDefined();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(postmasterPid()).toBeUndefined();
    // A clean stop removes PostgreSQL's lock file: nothing left to take over.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
