import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { createUser } from '../../apps/api/src/modules/users/users.service.js';
import { createScratchDatabase } from '../../apps/api/test/scratch-database.js';
import { drainPostgres } from './drain.js';
import { login } from './insight.js';
import { seedScale } from './scale-seed.js';
import { prepareRowData, scaleRows } from './scale-rows.js';
import { measureRows, printRun, probeRows, rowLines, type RunResult } from './scale-run.js';
import { startServer } from './server.js';
import { cpuSampler } from './cpu.js';
import { rowsOf, seedVolume } from './volume-seed.js';

/**
 * The dashboard's read API on a platform-sized PostgreSQL database (10,000 events, 1,000,000
 * registrants, 500,000 transactions): every read the dashboard makes and the public side's
 * (scripts/bench/scale-rows.ts), at 50 connections, each beside a bare route measured on the
 * same server in the same run. The database is ANALYZEd after seeding (and when reused, after
 * its migrations), and the server is drained between rows.
 */
export interface ScaleResult {
  seedSeconds: number | null; analyzeSeconds: number; counts: Record<string, number>; run: RunResult;
}

const ORGANIZER = { email: 'bench7@demo.id', password: 'bench-password' };
const ADMIN = { email: 'bench-admin@demo.id', password: 'bench-password' };

export async function benchApiScale(o: { serverUrl: string; port: number; seconds: number; connections: number; env: Record<string, string> }): Promise<ScaleResult> {
  // BENCH_SCALE_URL reuses a database seeded by an earlier run with BENCH_SCALE_KEEP=1 (seeding
  // a million rows takes minutes); otherwise a scratch database is made and dropped.
  const reuse = process.env.BENCH_SCALE_URL;
  const scratch = reuse ? { url: reuse, drop: async () => undefined } : await createScratchDatabase(o.serverUrl, 'eo_scale');
  const keep = !reuse && process.env.BENCH_SCALE_KEEP === '1';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-scale-'));
  try {
    const database = await openDatabase({ url: scratch.url });
    const t0 = performance.now();
    // A kept database gets the migrations made since it was seeded (new indexes and tables).
    await database.migrate();
    if (!reuse) {
      await seedScale(database.db);
      await createUser(database.db, { ...ADMIN, name: 'Bench Admin', roles: ['globalAdmin'] });
      await seedVolume(database.db, { organizerEmail: ORGANIZER.email, registrants: 1_000_000, transactions: 500_000 });
      if (keep) console.log(`  (kept for BENCH_SCALE_URL=${scratch.url})`);
    }
    const seedSeconds = reuse ? null : (performance.now() - t0) / 1000;
    const ids = await prepareRowData(database.db, ORGANIZER.email);
    // Planner statistics and the visibility map after a bulk load (or a reuse), as autovacuum
    // leaves a live server (off on this machine's server): without them a plan is a guess and an
    // index-only scan visits the heap.
    // The counters folded and their tables rewritten first, as a live server's compaction (every
    // 10 s) and autovacuum keep them: writes made with no server running (a seed, a pgbench run on
    // a kept database) left up to 300,000 delta rows, then 2,758 empty pages that every admin
    // total read (PostgreSQL 525 µs a request instead of 24).
    const a0 = performance.now();
    await database.db.execute(sql`select compact_counters()`);
    await database.db.execute(sql`vacuum full platform_counters, organization_counters, event_sales_counters`);
    await database.db.execute(sql`vacuum analyze`);
    const analyzeSeconds = (performance.now() - a0) / 1000;
    const counts: Record<string, number> = {};
    for (const table of ['events', 'tickets', 'registrants', 'transactions', 'ledger_entries']) {
      counts[table] = (await rowsOf<{ n: number }>(database.db, sql.raw(`select count(*)::int n from ${table}`)))[0].n;
    }
    await database.close();

    const serverEnv = { ...o.env, DATA_DIR: dataDir, DATABASE_URL: scratch.url, LOGIN_MAX_FAILURES_PER_IP: '100000', PUBLIC_RATE_LIMIT: '100000000', NODE_ENV: 'benchmark' };
    const rows = scaleRows(ids);
    const drain = () => drainPostgres(scratch.url);
    const server = await startServer(serverEnv, o.port);
    try {
      const base = `http://127.0.0.1:${o.port}`;
      const tokens = { organizer: await login(base, ORGANIZER), admin: await login(base, ADMIN), public: undefined };
      const probes = await probeRows(base, rows, tokens);
      console.log(`\n[PostgreSQL] read API at scale, row by row (${rows.length} rows; shares of the bare route measured before them, the summary after uses the faster of that and one after them):`);
      const run = await measureRows({
        label: 'PostgreSQL', base, probes, tokens, seconds: o.seconds, connections: o.connections, drain, cpu: cpuSampler(server.pid, true),
        onRow: (r) => rowLines(r).forEach((line) => console.log(line)),
      });
      return { seedSeconds, analyzeSeconds, counts, run };
    } finally {
      await stop(server);
    }
  } finally {
    if (!keep) await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function stop(s: Awaited<ReturnType<typeof startServer>>) {
  if (s.exitCode !== null) return;
  s.kill('SIGTERM');
  await new Promise((r) => s.once('exit', r));
}

export function printScale(r: ScaleResult, connections: number, seconds: number) {
  const c = r.counts;
  printRun(r.run, `[PostgreSQL] read API at scale: ${c.events.toLocaleString('en')} events, ${c.registrants.toLocaleString('en')} registrants, ${c.transactions.toLocaleString('en')} transactions, ${c.ledger_entries.toLocaleString('en')} ledger rows (${r.seedSeconds === null ? 'reused, migrated' : `seeded in ${r.seedSeconds.toFixed(0)} s`}; counters compacted and VACUUM ANALYZE in ${r.analyzeSeconds.toFixed(1)} s); ${connections} connections, ${seconds} s each, drained between rows`);
}
