/**
 * `npm run bench`: prints figures, never fails. Measures on PGlite, and on PostgreSQL when
 * DATABASE_URL is set (a fresh database is created there and dropped afterwards).
 *   - GET /v1/events/lists with a name filter, 10,000 events across 100 organizers, 50 connections.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../apps/api/src/db/client.js';
import { createScratchDatabase } from '../apps/api/test/scratch-database.js';
import { runLoad, type LoadResult } from './bench/load.js';
import { seedScale } from './bench/scale-seed.js';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const JWT_SECRET = randomBytes(32).toString('hex');

interface Target { label: string; env: Record<string, string>; database: Database; cleanup: () => Promise<void> }

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-bench-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pg') });
  return { label: 'PGlite', env: { DATA_DIR: dataDir, DATABASE_URL: '' }, database, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const scratch = await createScratchDatabase(serverUrl, 'eo_bench');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-bench-'));
  const database = await openDatabase({ url: scratch.url });
  return {
    label: 'PostgreSQL', env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url }, database,
    cleanup: async () => {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', JWT_SECRET, LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES_PER_IP: '100000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

async function benchTarget(target: Target, port: number) {
  const t0 = performance.now();
  await target.database.migrate();
  await seedScale(target.database.db);
  await target.database.close();
  const seedMs = performance.now() - t0;
  const server = await startServer(target.env, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/v1/login/email`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench7@demo.id', password: 'bench-password', platform: 'eo_dashboard' }),
    });
    const token = ((await login.json()) as { data: { tokenData: { token: string } } }).data.tokenData.token;
    const filters = encodeURIComponent(JSON.stringify({ name: 'lomba' }));
    const url = `${base}/v1/events/lists?page=1&limit=10&sortBy=desc&sortParam=createdAt&filters=${filters}&showSponsored=false`;
    const headers = { authorization: `Bearer ${token}` };
    await runLoad({ url, headers, connections: 10, seconds: 2 }); // warm-up
    const result = await runLoad({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
    // The same server's cheapest route (no database, no auth): the ceiling on this machine.
    const bare = await runLoad({ url: `${base}/healthz`, connections: CONNECTIONS, seconds: Math.min(SECONDS, 5) });
    return { seedMs, result, bare };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const fmt = (r: LoadResult) =>
  `p50 ${r.p50.toFixed(1)} ms · p95 ${r.p95.toFixed(1)} ms · p99 ${r.p99.toFixed(1)} ms · ${r.rps.toFixed(0)} req/s · ${r.requests} requests, ${r.errors} errors`;

async function main() {
  const results: Record<string, unknown> = { machine: `${(await import('node:os')).cpus().length} cores, Node ${process.version}`, at: new Date().toISOString() };
  const targets = [() => pgliteTarget()];
  if (process.env.DATABASE_URL) targets.push(() => postgresTarget(process.env.DATABASE_URL!));
  let port = 3900;
  for (const make of targets) {
    const target = await make();
    try {
      const { seedMs, result, bare } = await benchTarget(target, port++);
      console.log(`\n[${target.label}] GET /v1/events/lists, name filter, 10,000 events / 100 organizers, ${CONNECTIONS} connections, ${SECONDS} s`);
      console.log(`  seed ${(seedMs / 1000).toFixed(1)} s · ${fmt(result)}`);
      console.log(`  bare GET /healthz on the same server: ${fmt(bare)}`);
      results[`eventsList.${target.label}`] = result;
      results[`healthz.${target.label}`] = bare;
    } catch (err) {
      console.log(`[${target.label}] failed: ${(err as Error).message}`);
    } finally {
      await target.cleanup();
    }
  }
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  writeFileSync(path.join(root, 'test-results/bench.json'), JSON.stringify(results, null, 2));
  console.log('\nWritten to test-results/bench.json');
}

main().catch((err) => {
  console.error('bench could not run:', err);
});
