import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Startup time and idle memory of one API process, from its sources (tsx) and from the
 * production bundle (`npm run build:api` first), on the embedded PostgreSQL and on a PostgreSQL server
 * (BENCH_DATABASE_URL, default the local server; a scratch database is made and dropped):
 *   node --import tsx scripts/bench/startup.ts [runs=3] [embedded|postgres]
 * Startup: spawn → the first 200 from /healthz. Idle RSS: VmRSS of the node process itself
 * (spawned directly, no npm in between) after startup, a few requests and 5 s of idle; then
 * once more after `/docs/json` (the OpenAPI document, built on its first request and kept).
 * Each mode starts once unmeasured first (the embedded one seeds the demo, the server migrates).
 */
const root = path.resolve(import.meta.dirname, '../..');
const runs = Number(process.argv[2] ?? 3);
const only = process.argv[3];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ENTRY = { tsx: ['--import', 'tsx', 'apps/api/src/server.ts'], compiled: ['apps/api/dist/server.js'] } as const;

function vmRssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 102.4) / 10;
}

async function once(entry: keyof typeof ENTRY, env: Record<string, string>) {
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
        const rssMb = vmRssMb(child.pid!);
        await get('/docs/json');
        await sleep(5000);
        return { startMs, rssMb, docsRssMb: vmRssMb(child.pid!) };
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
        await once(entry, env);
        const results = [];
        for (let i = 0; i < runs; i++) results.push(await once(entry, env));
        console.log(`${db.padEnd(8)} ${entry.padEnd(8)} startup ${results.map((r) => `${r.startMs} ms`).join(', ')}; idle RSS ${results.map((r) => `${r.rssMb} MB`).join(', ')}; after /docs/json ${results.map((r) => `${r.docsRssMb} MB`).join(', ')}`);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  }
}

await main();
