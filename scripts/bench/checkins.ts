import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { events, tickets } from '../../apps/api/src/db/schema/index.js';
import { findMembership } from '../../apps/api/src/lib/access.repository.js';
import { createUser } from '../../apps/api/src/modules/users/users.service.js';
import { createScratchDatabase } from '../../apps/api/test/scratch-database.js';
import { login } from './insight.js';
import { runLoad, type LoadResult } from './load.js';
import { startServer } from './server.js';

/**
 * Check-in at the door on PostgreSQL, through a running server:
 * - 50 scanners checking in 10,000 tickets of one event (each code once: every answer a 201),
 *   then the same 10,000 again (every answer 409 ALREADY_CHECKED_IN), beside the bare /healthz
 *   of the same server in the same run;
 * - the offline pack of a 100,000-registrant event: bytes (raw and gzip) and build time, and the
 *   summary of that event (counters, not a count).
 */
export interface CheckinBenchResult {
  /** The server's DB_POOL_SIZE (passed through from the bench's environment; the app's default is 10). */
  tickets: number; connections: number; poolSize: number;
  checkIn: Pass; duplicate: Pass; bare: LoadResult; read: LoadResult;
  pack: { registrants: number; bytes: number; gzipBytes: number; p50: number; max: number; runs: number };
  summary: { registrants: number; p50: number; max: number; runs: number };
}
interface Pass { seconds: number; perSecond: number; ok: number; other: number; p50: number; p95: number; p99: number; max: number }

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** An organizer's published event with two categories and `n` registrants whose codes are `${prefix}${i}`, in bulk SQL. */
async function seedEvent(db: Awaited<ReturnType<typeof openDatabase>>['db'], organizationId: string, creatorId: string, n: number, prefix: string) {
  const [event] = await db.insert(events).values({
    organizationId, creatorId, name: `Bench: check-in ${n}`, type: 'Lomba', isDraft: false, approvedStatus: 'approved', allowRegister: true, registrationMethod: 'internal',
  }).returning({ id: events.id });
  const ticket = (name: string, position: number) => ({ eventId: event.id, name, position, originalQuotaType: 'unlimited', type: 'free', maxTicketPerUser: -1 });
  const [a, b] = await db.insert(tickets).values([ticket('Reguler', 0), ticket('VIP', 1)]).returning({ id: tickets.id });
  await db.execute(sql`
    insert into registrants (event_id, ticket_id, name, email, ticket_code, created_at)
    select ${event.id}::uuid, case when g % 5 = 0 then ${b.id}::uuid else ${a.id}::uuid end, 'Peserta ' || g, 'p' || g || '@bench.id',
      ${prefix} || g, now() - interval '1 day'
    from generate_series(0, ${n - 1}) g`);
  return event.id;
}

/** Every code `${prefix}0…${n-1}` once, from `connections` scanners. */
async function scanAll(base: string, token: string, eventId: string, prefix: string, n: number, connections: number): Promise<Pass> {
  let next = 0;
  const samples: number[] = [];
  let ok = 0;
  let other = 0;
  const t0 = performance.now();
  const instance = autocannon({
    url: base, connections, amount: n,
    requests: [{
      method: 'POST', path: `/v1/events/${eventId}/checkins`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ code: `${prefix}${next++ % n}`, deviceId: 'bench' }) }),
    }],
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  let last = t0;
  instance.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
    last = performance.now();
    samples.push(ms);
    if (status === 201) ok++;
    else other++;
  });
  const result = await instance;
  // Timed here, up to the last answer: autocannon's own duration is in whole seconds, and it
  // notices the last answer only at its next once-a-second tick (10,000 scans in 5.2 s read as 6).
  const seconds = (last - t0) / 1000;
  samples.sort((x, y) => x - y);
  return {
    seconds, perSecond: samples.length / seconds, ok, other: other + result.errors + result.timeouts,
    p50: pct(samples, 50), p95: pct(samples, 95), p99: pct(samples, 99), max: samples.at(-1) ?? 0,
  };
}

async function timed(runs: number, f: () => Promise<unknown>) {
  const ms: number[] = [];
  let last: unknown;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await f();
    ms.push(performance.now() - t0);
  }
  ms.sort((x, y) => x - y);
  return { p50: pct(ms, 50), max: ms.at(-1)!, runs, last };
}

export async function benchCheckins(opts: { serverUrl: string; port: number; env: Record<string, string>; connections?: number; tickets?: number; packRegistrants?: number }): Promise<CheckinBenchResult> {
  const connections = opts.connections ?? 50;
  const n = opts.tickets ?? 10_000;
  const packN = opts.packRegistrants ?? 100_000;
  const scratch = await createScratchDatabase(opts.serverUrl, 'eo_bench_checkin');
  try {
    const database = await openDatabase({ url: scratch.url });
    await database.migrate();
    const organizer = { email: `checkin-bench-${randomBytes(4).toString('hex')}@demo.id`, password: randomBytes(12).toString('hex') };
    const creatorId = await createUser(database.db, { ...organizer, name: 'Panitia Bench', roles: ['eventOrganizer'] });
    const organizationId = (await findMembership(database.db, creatorId, undefined))!.organizationId;
    const prefix = `ck-${randomBytes(3).toString('hex')}-`;
    const door = await seedEvent(database.db, organizationId, creatorId, n, prefix);
    const big = await seedEvent(database.db, organizationId, creatorId, packN, `pk-${randomBytes(3).toString('hex')}-`);
    // Experiment only: without the summary's counters, to see what keeping them costs.
    if (process.env.BENCH_CHECKIN_NO_COUNTERS === '1') await database.db.execute(sql`drop trigger registrants_counters_update on registrants`);
    await database.db.execute(sql`analyze`);
    await database.close();

    const server = await startServer({ ...opts.env, DATABASE_URL: scratch.url, LOGIN_MAX_FAILURES_PER_IP: '100000' }, opts.port);
    try {
      const base = `http://127.0.0.1:${opts.port}`;
      const token = await login(base, organizer).catch(async (err: Error) => {
        const res = await fetch(`${base}/v1/login/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...organizer, platform: 'eo_dashboard' }) });
        throw new Error(`sign-in failed (${err.message}): ${res.status} ${await res.text()}`);
      });
      const headers = { authorization: `Bearer ${token}` };
      await runLoad({ url: `${base}/healthz`, connections: 10, seconds: 2 }); // warm-up
      const checkIn = await scanAll(base, token, door, prefix, n, connections);
      const duplicate = await scanAll(base, token, door, prefix, n, connections);
      const bare = await runLoad({ url: `${base}/healthz`, connections, seconds: 5 });
      // An authenticated read of the same event (token, role gate, event lookup, counters): what every route pays before its own work.
      const read = await runLoad({ url: `${base}/v1/events/${door}/checkins/summary`, headers, connections, seconds: 5 });

      const get = async (path: string) => {
        const res = await fetch(`${base}${path}`, { headers });
        if (!res.ok) throw new Error(`${path}: ${res.status}`);
        return Buffer.from(await res.arrayBuffer());
      };
      const pack = await timed(5, () => get(`/v1/events/${big}/checkins/offline-pack`));
      const body = pack.last as Buffer;
      const entries = (JSON.parse(body.toString()) as { data: { result: { entries: unknown[] } } }).data.result.entries.length;
      const summary = await timed(20, () => get(`/v1/events/${big}/checkins/summary`));
      return {
        tickets: n, connections, poolSize: Number(process.env.DB_POOL_SIZE ?? 10), checkIn, duplicate, bare, read,
        pack: { registrants: entries, bytes: body.length, gzipBytes: gzipSync(body).length, p50: pack.p50, max: pack.max, runs: pack.runs },
        summary: { registrants: packN, p50: summary.p50, max: summary.max, runs: summary.runs },
      };
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  } finally {
    await scratch.drop();
  }
}

const pass = (p: Pass) => `${p.perSecond.toFixed(0)}/s · p50 ${p.p50.toFixed(1)} ms · p95 ${p.p95.toFixed(1)} ms · p99 ${p.p99.toFixed(1)} ms · max ${p.max.toFixed(0)} ms · ${p.ok} × 201, ${p.other} other, ${p.seconds.toFixed(1)} s`;

export function printCheckins(r: CheckinBenchResult) {
  console.log(`\n[PostgreSQL] check-in, ${r.connections} scanners over ${r.tickets.toLocaleString('en')} tickets (server pool ${r.poolSize}, DB_POOL_SIZE)`);
  const ofBare = (p: Pass) => `${((100 * p.perSecond) / r.bare.rps).toFixed(1)}% of the bare route`;
  console.log(`  first scans (check-ins): ${pass(r.checkIn)} · ${ofBare(r.checkIn)}`);
  console.log(`  second scans (ALREADY_CHECKED_IN): ${pass(r.duplicate)} · ${ofBare(r.duplicate)}`);
  console.log(`  bare GET /healthz on the same server: p50 ${r.bare.p50.toFixed(1)} ms · p95 ${r.bare.p95.toFixed(1)} ms · ${r.bare.rps.toFixed(0)} req/s`);
  console.log(`  GET summary of that event under the same load: p50 ${r.read.p50.toFixed(1)} ms · p95 ${r.read.p95.toFixed(1)} ms · ${r.read.rps.toFixed(0)} req/s · ${r.read.errors} errors`);
  console.log(`[PostgreSQL] offline pack, ${r.pack.registrants.toLocaleString('en')} registrants: ${(r.pack.bytes / 1e6).toFixed(2)} MB (${(r.pack.gzipBytes / 1e6).toFixed(2)} MB gzip) · built and sent in p50 ${r.pack.p50.toFixed(0)} ms, max ${r.pack.max.toFixed(0)} ms (${r.pack.runs} runs)`);
  console.log(`[PostgreSQL] summary of that event: p50 ${r.summary.p50.toFixed(1)} ms · max ${r.summary.max.toFixed(1)} ms (${r.summary.runs} runs)`);
}
