import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { createUser } from '../../apps/api/src/modules/users/users.service.js';
import { createScratchDatabase } from '../../apps/api/test/scratch-database.js';
import { drainPostgres } from './drain.js';
import { login } from './insight.js';
import { seedScale } from './scale-seed.js';
import { prepareRowData, scaleRows } from './scale-rows.js';
import { explainProbes, measureRows, printRun, probeRows, rowLines, type RowResult, type RunResult } from './scale-run.js';
import { startServer } from './server.js';
import { cpuSampler } from './cpu.js';
import { rowsOf, seedVolume } from './volume-seed.js';

/**
 * The dashboard's read API on a platform-sized PostgreSQL database (10,000 events, 1,000,000
 * registrants, 500,000 transactions): every read the dashboard makes and the public side's
 * (scripts/bench/scale-rows.ts), at 50 connections, each beside a bare route measured on the
 * same server in the same run. The database is ANALYZEd after seeding (and when reused, after
 * its migrations), each row's statements are explained (scale-run.ts), and the server is drained
 * between rows.
 *
 * With BENCH_ROLE_GATE=1 the organizer rows are also measured on a second server on the same
 * database with the benchmark-only ROLE_GATE=off (no membership read and no role check per
 * request), in the same run, alternating which server goes first: the role gate must keep them
 * within 10%. Off by default: it measures each organizer row four times.
 */
export interface ScaleResult {
  seedSeconds: number | null; analyzeSeconds: number; counts: Record<string, number>; run: RunResult;
  /** Why the gate-off server gave no figures (the gated rows are measured all the same). */
  ungatedError?: string;
  /** Organizer rows whose body differed between the two servers (none expected). */
  ungatedDiffering?: string[];
}

/** The allowance: the role gate may cost organizer reads at most this much. */
export const ROLE_GATE_ALLOWANCE = 0.10;

const ORGANIZER = { email: 'bench7@demo.id', password: 'bench-password' };
const ADMIN = { email: 'bench-admin@demo.id', password: 'bench-password' };

/** Ports: `port` the API, `port + 1` the gate-off server, `port + 2` the statement-logging probe server. */
export async function benchApiScale(o: { serverUrl: string; port: number; seconds: number; connections: number; env: Record<string, string> }): Promise<ScaleResult> {
  // BENCH_SCALE_URL reuses a database seeded by an earlier run with BENCH_SCALE_KEEP=1 (seeding
  // a million rows takes minutes); otherwise a scratch database is made and dropped.
  const reuse = process.env.BENCH_SCALE_URL;
  const scratch = reuse ? { url: reuse, drop: async () => undefined } : await createScratchDatabase(o.serverUrl, 'eo_scale');
  const keep = !reuse && process.env.BENCH_SCALE_KEEP === '1';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-scale-'));
  const sqlLog = path.join(dataDir, 'sql.log');
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

    // Every server runs with NODE_ENV=benchmark: ROLE_GATE=off and BENCH_SQL_LOG are refused otherwise.
    const serverEnv = { ...o.env, DATA_DIR: dataDir, DATABASE_URL: scratch.url, LOGIN_MAX_FAILURES_PER_IP: '100000', PUBLIC_RATE_LIMIT: '100000000', NODE_ENV: 'benchmark', ROLE_GATE: 'on' };
    const rows = scaleRows(ids);
    const drain = () => drainPostgres(scratch.url);

    // The plans: each row once on a server that logs its statements, then explained here.
    // No background job on it: the statements logged during a probe are the request's own.
    const probeServer = await startServer({ ...serverEnv, BENCH_SQL_LOG: sqlLog, JOB_WORKERS: '0' }, o.port + 2);
    let probes;
    try {
      const probeBase = `http://127.0.0.1:${o.port + 2}`;
      const tokens = { organizer: await login(probeBase, ORGANIZER), admin: await login(probeBase, ADMIN), public: undefined };
      probes = await probeRows(probeBase, rows, tokens, sqlLog);
    } finally {
      await stop(probeServer);
    }
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const plans = await explainProbes((text, params) => client.query(text, params), probes).finally(() => client.end());

    const server = await startServer(serverEnv, o.port);
    let ungatedServer: Awaited<ReturnType<typeof startServer>> | undefined;
    let ungatedError: string | undefined;
    const compare = process.env.BENCH_ROLE_GATE === '1';
    if (compare) {
      try {
        ungatedServer = await startServer({ ...serverEnv, ROLE_GATE: 'off' }, o.port + 1);
      } catch (err) {
        ungatedError = (err as Error).message;
      }
    }
    try {
      const base = `http://127.0.0.1:${o.port}`;
      const tokens = { organizer: await login(base, ORGANIZER), admin: await login(base, ADMIN), public: undefined };
      const ungatedBase = `http://127.0.0.1:${o.port + 1}`;
      // The gate-off server must answer the organizer rows 200 before it is timed, with the same body (else said).
      const differing: string[] = [];
      if (ungatedServer) {
        try {
          for (const r of rows.filter((x) => x.who === 'organizer')) {
            const headers = { authorization: `Bearer ${tokens.organizer}` };
            const [gated, ungated] = await Promise.all([fetch(base + r.url, { headers }), fetch(ungatedBase + r.url, { headers })]);
            const [a, b] = [await gated.text(), await ungated.text()];
            if (gated.status !== 200) continue; // not timed either (its probe failed)
            if (ungated.status !== 200) throw new Error(`${r.route}: ROLE_GATE=off answered ${ungated.status}`);
            if (a !== b) differing.push(r.route);
          }
        } catch (err) {
          ungatedError = (err as Error).message;
        }
      }
      console.log(`\n[PostgreSQL] read API at scale, row by row (${rows.length} rows; shares of the bare route measured before them, the summary after uses the faster of that and one after them):`);
      const run = await measureRows({
        label: 'PostgreSQL', base, probes, plans, tokens, seconds: o.seconds, connections: o.connections, drain, cpu: cpuSampler(server.pid, true),
        ungatedBase: ungatedServer && !ungatedError ? ungatedBase : undefined,
        onRow: (r) => rowLines(r).forEach((line) => console.log(line)),
      });
      return { seedSeconds, analyzeSeconds, counts, run, ungatedError, ungatedDiffering: differing };
    } finally {
      for (const s of [server, ungatedServer]) if (s) await stop(s);
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
  printRoleGate(r);
}

const pct = (on: number, off: number) => (off > 0 ? (on - off) / off : 0);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;

/** The organizer rows with the role gate beside the same rows without it (ROLE_GATE=off), same run. */
export function roleGateRows(r: ScaleResult) {
  return r.run.rows.filter((row): row is RowResult & { load: NonNullable<RowResult['load']> } => Boolean(row.ungated && row.load)).map((row) => {
    const on = row.load;
    const off = row.ungated!;
    const p50 = pct(on.p50, off.p50);
    const p95 = pct(on.p95, off.p95);
    return { route: row.route, on, off, p50, p95, within: p50 <= ROLE_GATE_ALLOWANCE && p95 <= ROLE_GATE_ALLOWANCE };
  });
}

function printRoleGate(r: ScaleResult) {
  if (r.ungatedError) {
    console.log(`  role gate on vs off: not measured (${r.ungatedError})`);
    return;
  }
  const rows = roleGateRows(r);
  if (rows.length === 0) {
    if (process.env.BENCH_ROLE_GATE !== '1') console.log('  role gate on vs off: not measured (BENCH_ROLE_GATE=1 measures it; it times each organizer row four times)');
    return;
  }
  console.log(`  role gate on vs off (ROLE_GATE=off: no membership cache, no role check), organizer rows, same database, same run, each side measured twice (A B B A); allowance +${ROLE_GATE_ALLOWANCE * 100}%:`);
  const ms = (x: number) => x.toFixed(1).padStart(6);
  for (const g of rows) {
    console.log(`  ${g.route.padEnd(60)} p50 ${ms(g.on.p50)} vs ${ms(g.off.p50)} ms (${signed(g.p50).padStart(7)}) · p95 ${ms(g.on.p95)} vs ${ms(g.off.p95)} ms (${signed(g.p95).padStart(7)}) · ${g.within ? 'within' : 'OVER'}${g.on.errors + g.off.errors ? ` · ${g.on.errors}/${g.off.errors} errors` : ''}`);
  }
  if (r.ungatedDiffering?.length) console.log(`  (answered differently with ROLE_GATE=off: ${r.ungatedDiffering.join('; ')})`);
  else console.log('  (every organizer row answered the same body on both servers)');
  // All rows at once: the geometric mean of on/off, where one row's noise weighs little.
  const together = (k: 'p50' | 'p95') => Math.exp(rows.reduce((sum, g) => sum + Math.log(g.on[k] / g.off[k]), 0) / rows.length) - 1;
  console.log(`  role gate, all organizer rows together (geometric mean of on/off): p50 ${signed(together('p50'))} · p95 ${signed(together('p95'))}`);
  const over = rows.filter((g) => !g.within);
  const worst = Math.max(...rows.map((g) => Math.max(g.p50, g.p95)));
  console.log(`  role gate: ${rows.length - over.length}/${rows.length} organizer rows within +${ROLE_GATE_ALLOWANCE * 100}% at p50 and p95 (largest difference ${signed(worst)})${over.length ? `; over: ${over.map((g) => g.route).join('; ')}` : ''}`);
}
