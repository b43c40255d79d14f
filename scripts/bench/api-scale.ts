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
 */
export interface ScaleRow { route: string; who: string; load: LoadResult; ratio: number }
export interface ScaleResult { seedSeconds: number | null; counts: Record<string, number>; bare: LoadResult; rows: ScaleRow[] }

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

    const server = await startServer({ ...o.env, DATA_DIR: dataDir, DATABASE_URL: scratch.url, LOGIN_MAX_FAILURES_PER_IP: '100000' }, o.port);
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
      const bare = await runLoad({ url: `${base}/healthz`, connections: o.connections, seconds: o.seconds });
      const rows: ScaleRow[] = [];
      for (const r of routes) {
        const headers = { authorization: `Bearer ${auth[r.who]}` };
        await runLoad({ url: base + r.url, headers, connections: 10, seconds: 1 }); // warm-up: prepared plans, caches
        const load = await runLoad({ url: base + r.url, headers, connections: o.connections, seconds: o.seconds });
        rows.push({ route: r.route, who: r.who, load, ratio: load.rps / bare.rps });
      }
      return { seedSeconds, counts, bare, rows };
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
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
}
