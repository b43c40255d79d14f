import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVE_ARGS } from './server.js';

/**
 * Startup time and idle memory of one API process, from its sources (tsx) and from the
 * production bundle (`npm run build:api` first), on the embedded PostgreSQL and on a PostgreSQL server
 * (BENCH_DATABASE_URL, default the local server; a scratch database is made and dropped):
 *   node --import tsx scripts/bench/startup.ts [runs=3] [embedded|postgres]
 * Startup: spawn → the first 200 from /healthz. Idle RSS: VmRSS of the node process itself
 * (spawned directly, no npm in between) after startup, a few requests and 5 s of idle; then
 * once more after `/docs/json` (the OpenAPI document, built on its first request and kept); and
 * for the bundle once "settled" (SETTLE_MS).
 * On the embedded database also the PostgreSQL processes the server started (the postmaster
 * and its children): their VmRSS summed with the node process's, and the same as PSS (shared
 * pages counted once, split between the processes that map them).
 * Each mode starts once first (the embedded one creates its cluster and seeds the demo, in a
 * DATA_DIR of its own for each entry; the server migrates): that start is printed too, as "first".
 */
const root = path.resolve(import.meta.dirname, '../..');
const runs = Number(process.argv[2] ?? 3);
const only = process.argv[3];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The bundle runs with the Node options of `npm run serve`, as `npm start` runs it. */
const ENTRY = { tsx: ['--import', 'tsx', 'apps/api/src/server.ts'], compiled: SERVE_ARGS };

const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const kbOf = (file: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(file, 'utf8'))?.[1] ?? 0);

function vmRssMb(pid: number): number {
  return mb(kbOf(`/proc/${pid}/status`, 'VmRSS'));
}

/** The postmaster of the cluster in `dataDir/pg` and its children, when it runs. */
function postgresPids(dataDir: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  const children = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
    } catch {
      return false;
    }
  });
  return [postmaster, ...children];
}

/** Node's RSS, and with the embedded PostgreSQL's processes: RSS summed and PSS summed. */
function memory(pid: number, dataDir: string) {
  const pids = [pid, ...postgresPids(dataDir)];
  const sum = (field: string, file: (p: number) => string) => mb(pids.reduce((n, p) => n + kbOf(file(p), field), 0));
  return {
    rssMb: vmRssMb(pid), processes: pids.length,
    totalRssMb: sum('VmRSS', (p) => `/proc/${p}/status`), totalPssMb: sum('Pss', (p) => `/proc/${p}/smaps_rollup`),
  };
}

/**
 * V8 gives back what startup grew (the young generation's pages) only when its memory reducer
 * runs, which an idle process without collections reaches after about 100 s: the settled figure
 * is read after SETTLE_MS of idle, the other ones after 5 s.
 */
const SETTLE_MS = 130_000;

async function once(entry: keyof typeof ENTRY, env: Record<string, string>, settle = false) {
  const started = performance.now();
  const child = spawn(process.execPath, [...ENTRY[entry]], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', JWT_SECRET: 'startup-bench-secret-0123456789abcdefghijkl', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
      const port = /is running at http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (port && (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false))) {
        const startMs = Math.round(performance.now() - started);
        const get = (p: string) => fetch(`http://127.0.0.1:${port}${p}`).then((r) => r.arrayBuffer());
        for (const p of ['/healthz', '/readyz', '/v1/events', '/']) await get(p);
        await sleep(5000);
        const idle = memory(child.pid!, env.DATA_DIR!);
        if (settle) {
          await sleep(SETTLE_MS - 5000);
          return { startMs, ...memory(child.pid!, env.DATA_DIR!), docsRssMb: 0 };
        }
        await get('/docs/json');
        await sleep(5000);
        return { startMs, ...idle, docsRssMb: vmRssMb(child.pid!) };
      }
      await sleep(20);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `eo_startup_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-startup-'));
  const databases = { embedded: { DATA_DIR: path.join(dataDir, 'embedded') }, postgres: { DATA_DIR: path.join(dataDir, 'server'), DATABASE_URL: url.toString(), JOB_WORKERS: '0' } };
  try {
    for (const [db, env] of Object.entries(databases).filter(([db]) => !only || db === only)) {
      for (const entry of ['tsx', 'compiled'] as const) {
        // Its own DATA_DIR per entry on the embedded database: each first start creates the cluster and seeds.
        if (db === 'embedded') env.DATA_DIR = path.join(dataDir, `embedded-${entry}`);
        const first = await once(entry, env);
        const results: (typeof first)[] = [];
        for (let i = 0; i < runs; i++) results.push(await once(entry, env));
        const line = (rs: typeof results) => `startup ${rs.map((r) => `${r.startMs} ms`).join(', ')}; idle RSS ${rs.map((r) => `${r.rssMb} MB`).join(', ')}`
          + (db === 'embedded' ? `; with PostgreSQL (${rs.map((r) => r.processes).join(', ')} processes) RSS ${rs.map((r) => `${r.totalRssMb} MB`).join(', ')}, PSS ${rs.map((r) => `${r.totalPssMb} MB`).join(', ')}` : '')
          + `; after /docs/json ${rs.map((r) => `${r.docsRssMb} MB`).join(', ')}`;
        console.log(`${db.padEnd(8)} ${entry.padEnd(8)} first ${line([first])}`);
        console.log(`${db.padEnd(8)} ${entry.padEnd(8)} ${line(results)}`);
        if (entry === 'compiled') {
          const settled = await once(entry, env, true);
          console.log(`${db.padEnd(8)} ${entry.padEnd(8)} settled, ${SETTLE_MS / 1000} s idle: RSS ${settled.rssMb} MB`
            + (db === 'embedded' ? `; with PostgreSQL RSS ${settled.totalRssMb} MB, PSS ${settled.totalPssMb} MB` : ''));
        }
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  }
}

await main();
