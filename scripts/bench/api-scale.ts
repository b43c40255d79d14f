import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { createUser } from '../../apps/api/src/modules/users/users.service.js';
import { createScratchDatabase } from '../../apps/api/test/scratch-database.js';
import { login } from './insight.js';
import { runLoad, type LoadResult } from './load.js';
import { seedScale } from './scale-seed.js';
import { startServer } from './server.js';
import { rowsOf, seedVolume } from './volume-seed.js';

/**
 * The dashboard's read API on a platform-sized PostgreSQL database (10,000 events, 1,000,000
 * registrants, 500,000 transactions): p50/p95 and requests/s of the overview numbers, every
 * list and the event detail at 50 connections, each beside a bare route measured on the same
 * server in the same run (the ratio says how much of the machine's ceiling a route keeps).
 *
 * The organizer rows are also measured on a second server on the same database with the
 * benchmark-only ROLE_GATE=off (no membership read and no role check per request; the
 * organization comes from a per-user cache, so the rows answered are the same), in the same run,
 * alternating which server goes first: the role gate must keep them within 10%.
 */
export interface ScaleRow { route: string; who: string; load: LoadResult; ratio: number; ungated?: LoadResult }
export interface ScaleResult {
  seedSeconds: number | null; counts: Record<string, number>; bare: LoadResult; rows: ScaleRow[];
  /** Why the gate-off server gave no figures (the gated rows are measured all the same). */
  ungatedError?: string;
  /** Organizer rows whose body differed between the two servers (none expected). */
  ungatedDiffering?: string[];
}

/** The allowance of issue 16: the role gate may cost organizer reads at most this much. */
export const ROLE_GATE_ALLOWANCE = 0.10;

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
    let bigEventId: string;
    if (reuse) {
      [{ id: bigEventId }] = await rowsOf<{ id: string }>(database.db, sql`select event_id id from registrants group by 1 order by count(*) desc limit 1`);
    } else {
      await database.migrate();
      await seedScale(database.db);
      await createUser(database.db, { ...ADMIN, name: 'Bench Admin', roles: ['globalAdmin'] });
      ({ bigEventId } = await seedVolume(database.db, { organizerEmail: ORGANIZER.email, registrants: 1_000_000, transactions: 500_000 }));
      if (keep) console.log(`  (kept for BENCH_SCALE_URL=${scratch.url})`);
    }
    const seedSeconds = reuse ? null : (performance.now() - t0) / 1000;
    const counts: Record<string, number> = {};
    for (const table of ['events', 'tickets', 'registrants', 'transactions', 'ledger_entries']) {
      counts[table] = (await rowsOf<{ n: number }>(database.db, sql.raw(`select count(*)::int n from ${table}`)))[0].n;
    }
    // The organizer's busiest paid event: its sales, summary and detail are measured.
    const [paid] = await rowsOf<{ id: string }>(database.db, sql`
      select e.id from events e join users u on u.id = e.creator_id join transactions x on x.event_id = e.id
      where u.email = ${ORGANIZER.email} group by e.id order by count(*) desc limit 1`);
    const [ticket] = await rowsOf<{ id: string }>(database.db, sql`select id from tickets where event_id = ${paid.id}::uuid limit 1`);
    await database.close();

    // Both servers run with the same NODE_ENV: ROLE_GATE=off is refused under production.
    const serverEnv = { ...o.env, DATA_DIR: dataDir, DATABASE_URL: scratch.url, LOGIN_MAX_FAILURES_PER_IP: '100000', NODE_ENV: 'benchmark' };
    const server = await startServer({ ...serverEnv, ROLE_GATE: 'on' }, o.port);
    let ungatedServer: Awaited<ReturnType<typeof startServer>> | undefined;
    let ungatedError: string | undefined;
    try {
      ungatedServer = await startServer({ ...serverEnv, ROLE_GATE: 'off' }, o.port + 1);
    } catch (err) {
      ungatedError = (err as Error).message;
    }
    try {
      const base = `http://127.0.0.1:${o.port}`;
      const auth = { organizer: await login(base, ORGANIZER), admin: await login(base, ADMIN) };
      const filters = (f: object) => encodeURIComponent(JSON.stringify(f));
      const list = 'page=1&limit=10&sortBy=desc&sortParam=createdAt';
      const routes: { route: string; who: keyof typeof auth; url: string }[] = [
        { route: 'GET /v1/events/total (overview)', who: 'organizer', url: '/v1/events/total' },
        { route: 'GET /v1/transactions/eo/summary (overview)', who: 'organizer', url: '/v1/transactions/eo/summary' },
        { route: 'GET /v1/events/total (overview)', who: 'admin', url: '/v1/events/total' },
        { route: 'GET /v1/transactions/eo/summary (overview)', who: 'admin', url: '/v1/transactions/eo/summary' },
        { route: 'GET /v1/events/lists', who: 'organizer', url: `/v1/events/lists?${list}` },
        { route: 'GET /v1/events/lists, name filter', who: 'organizer', url: `/v1/events/lists?${list}&filters=${filters({ name: 'lomba' })}` },
        { route: 'GET /v1/events/lists, concluded', who: 'organizer', url: `/v1/events/lists?${list}&showConcludedEvent=true` },
        { route: 'GET /v1/events/draft/lists', who: 'organizer', url: `/v1/events/draft/lists?${list}` },
        { route: 'GET /v1/events/lists', who: 'admin', url: `/v1/events/lists?${list}` },
        { route: 'GET /v1/event-regist/lists (100,000-registrant event)', who: 'organizer', url: `/v1/event-regist/lists?eventId=${bigEventId}&${list}` },
        { route: 'GET /v1/event-regist/lists, name search', who: 'organizer', url: `/v1/event-regist/lists?eventId=${bigEventId}&${list}&filters=${filters({ name: 'festival 4242' })}` },
        { route: 'GET /v1/transactions/event/:id', who: 'organizer', url: `/v1/transactions/event/${paid.id}?${list}` },
        { route: 'GET /v1/transactions/event/:id/summary', who: 'organizer', url: `/v1/transactions/event/${paid.id}/summary` },
        { route: 'GET /v1/events/:id/tickets/:ticketId/price-history', who: 'organizer', url: `/v1/events/${paid.id}/tickets/${ticket.id}/price-history` },
        { route: 'GET /v1/events/available-withdrawal', who: 'organizer', url: `/v1/events/available-withdrawal?page=1&limit=10` },
        { route: 'GET /v1/transactions/eo/coin/withdrawal', who: 'organizer', url: `/v1/transactions/eo/coin/withdrawal?page=1&limit=10` },
        { route: 'GET /v1/transactions/eo/coin', who: 'organizer', url: `/v1/transactions/eo/coin?eventId=${paid.id}` },
        { route: 'GET /v1/certificates', who: 'organizer', url: `/v1/certificates?page=1&limit=10` },
        { route: 'GET /v1/events/detail', who: 'organizer', url: `/v1/events/detail?id=${paid.id}` },
      ];
      // Every route must answer 200 before it is timed: a fast error is no figure.
      for (const r of routes) {
        const res = await fetch(base + r.url, { headers: { authorization: `Bearer ${auth[r.who]}` } });
        if (res.status !== 200) throw new Error(`${r.route} as ${r.who}: ${res.status} ${await res.text()}`);
      }
      const ungatedBase = `http://127.0.0.1:${o.port + 1}`;
      // The gate-off server must answer the organizer rows 200 before it is timed, with the same body (else said).
      const differing: string[] = [];
      if (ungatedServer) {
        try {
          for (const r of routes.filter((x) => x.who === 'organizer')) {
            const headers = { authorization: `Bearer ${auth[r.who]}` };
            const [gated, ungated] = await Promise.all([fetch(base + r.url, { headers }), fetch(ungatedBase + r.url, { headers })]);
            const [a, b] = [await gated.text(), await ungated.text()];
            if (ungated.status !== 200) throw new Error(`${r.route}: ROLE_GATE=off answered ${ungated.status}`);
            if (a !== b) differing.push(r.route);
          }
        } catch (err) {
          ungatedError = (err as Error).message;
        }
      }
      const compare = Boolean(ungatedServer) && !ungatedError;
      const bare = await runLoad({ url: `${base}/healthz`, connections: o.connections, seconds: o.seconds });
      const rows: ScaleRow[] = [];
      for (const [i, r] of routes.entries()) {
        const headers = { authorization: `Bearer ${auth[r.who]}` };
        const measure = async (at: string) => {
          await runLoad({ url: at + r.url, headers, connections: 10, seconds: 1 }); // warm-up: prepared plans, caches
          return runLoad({ url: at + r.url, headers, connections: o.connections, seconds: o.seconds });
        };
        if (!compare || r.who !== 'organizer') {
          const load = await measure(base);
          rows.push({ route: r.route, who: r.who, load, ratio: load.rps / bare.rps });
          continue;
        }
        // Measured twice each, A B B A, and the first side alternating per row: a drift of the
        // machine's load (2 shared cores) favours neither side (BENCH_GATE_ORDER=off-first swaps
        // every row's order, for a second run).
        const gatedFirst = (i % 2 === 0) !== (process.env.BENCH_GATE_ORDER === 'off-first');
        const [a, b] = gatedFirst ? [base, ungatedBase] : [ungatedBase, base];
        const a1 = await measure(a);
        const b1 = await measure(b);
        const b2 = await measure(b);
        const a2 = await measure(a);
        const [load, ungated] = gatedFirst ? [meanOf(a1, a2), meanOf(b1, b2)] : [meanOf(b1, b2), meanOf(a1, a2)];
        rows.push({ route: r.route, who: r.who, load, ratio: load.rps / bare.rps, ungated });
      }
      return { seedSeconds, counts, bare, rows, ungatedError, ungatedDiffering: differing };
    } finally {
      for (const s of [server, ungatedServer]) {
        if (!s) continue;
        s.kill('SIGTERM');
        await new Promise((r) => s.once('exit', r));
      }
    }
  } finally {
    if (!keep) await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printScale(r: ScaleResult, connections: number, seconds: number) {
  const c = r.counts;
  console.log(`\n[PostgreSQL] read API at scale: ${c.events.toLocaleString('en')} events, ${c.registrants.toLocaleString('en')} registrants, ${c.transactions.toLocaleString('en')} transactions, ${c.ledger_entries.toLocaleString('en')} ledger rows (${r.seedSeconds === null ? 'reused' : `seeded in ${r.seedSeconds.toFixed(0)} s`}); ${connections} connections, ${seconds} s each`);
  console.log(`  bare GET /healthz: p50 ${r.bare.p50.toFixed(1)} ms · p95 ${r.bare.p95.toFixed(1)} ms · ${r.bare.rps.toFixed(0)} req/s`);
  for (const row of r.rows) {
    const l = row.load;
    console.log(`  ${`${row.route} [${row.who}]`.padEnd(72)} p50 ${l.p50.toFixed(1).padStart(6)} ms · p95 ${l.p95.toFixed(1).padStart(6)} ms · ${l.rps.toFixed(0).padStart(6)} req/s · ${(row.ratio * 100).toFixed(1).padStart(5)}% of bare${l.errors ? ` · ${l.errors} errors` : ''}`);
  }
  printRoleGate(r);
}

/** Two runs of one side as one: requests summed, rates and percentiles averaged. */
function meanOf(x: LoadResult, y: LoadResult): LoadResult {
  const avg = (k: 'rps' | 'p50' | 'p95' | 'p99') => (x[k] + y[k]) / 2;
  return {
    requests: x.requests + y.requests, errors: x.errors + y.errors, seconds: x.seconds + y.seconds,
    rps: avg('rps'), p50: avg('p50'), p95: avg('p95'), p99: avg('p99'), max: Math.max(x.max, y.max),
  };
}

const pct = (on: number, off: number) => (off > 0 ? (on - off) / off : 0);
const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;

/** The organizer rows with the role gate beside the same rows without it (ROLE_GATE=off), same run. */
export function roleGateRows(r: ScaleResult) {
  return r.rows.filter((row) => row.ungated).map((row) => {
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
  if (rows.length === 0) return;
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
