import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import type { Db } from '../../apps/api/src/db/client.js';
import { DAILY_SLOTS, events, tickets } from '../../apps/api/src/db/schema/index.js';
import { findMembership } from '../../apps/api/src/lib/access.repository.js';
import { createUser } from '../../apps/api/src/modules/users/users.service.js';
import { counted } from './intake.js';
import { login } from './insight.js';
import { percentiles } from './load.js';

/**
 * The registration rush (BENCH_ONLY=rush, PostgreSQL): ATTEMPTS registrations from CLIENTS
 * concurrent clients on a SEATS-seat free ticket with its waiting list on, through the platform
 * intake (the one registration service; no proof of work to solve on the client's side), while
 * an organizer keeps reading the event's participant page. Beside it, pgbench running the
 * registration's own statement on the same database: the ceiling the HTTP path is held to.
 * First, WARM_UP registrations from as many clients on another ticket of the event: a rush meets
 * a server that has been running, its code compiled and its pool's connections open, not one
 * started a second before (cold, the first half second of answers took twice as long).
 */
export const RUSH = { attempts: 20_000, clients: 500, seats: 2_000, warmUp: 2_000 } as const;

export interface RushSetup { eventId: string; ticketId: string; warmUpTicketId: string; pgbenchTicketId: string; organizer: { email: string; password: string } }

export async function seedRush(db: Db): Promise<RushSetup> {
  const organizer = { email: `rush-${randomBytes(4).toString('hex')}@demo.id`, password: randomBytes(12).toString('hex') };
  const creatorId = await createUser(db, { ...organizer, name: 'Rush Bench', roles: ['eventOrganizer'] });
  const organizationId = (await findMembership(db, creatorId, undefined))!.organizationId;
  const [event] = await db.insert(events).values({
    organizationId, creatorId, name: 'Bench: webinar rebutan', type: 'Webinar', isDraft: false, approvedStatus: 'approved', allowRegister: true, registrationMethod: 'internal',
  }).returning({ id: events.id });
  const ticket = (name: string, seats: number) => ({
    eventId: event.id, name, originalQuotaType: 'limited', originalQuota: seats, quota: seats, type: 'free', maxTicketPerUser: 1, waitlist: true,
    registrationDeadlineAt: new Date(Date.now() + 30 * 86_400_000),
  });
  const [rush, warm, bench] = await db.insert(tickets).values([ticket('Umum', RUSH.seats), ticket('Pemanasan', 100_000), ticket('pgbench', 100_000_000)])
    .returning({ id: tickets.id });
  return { eventId: event.id, ticketId: rush.id, warmUpTicketId: warm.id, pgbenchTicketId: bench.id, organizer };
}

export interface RushResult {
  attempts: number; clients: number; seats: number; seconds: number; attemptsPerSecond: number; seatsSeconds: number;
  created: number; soldOutWithWaitlist: number; otherRefusals: number; serverErrors: number; timeouts: number;
  p50: number; p95: number; p99: number; max: number;
  seatsTaken: number; registrantsCounted: number;
  participantPage: { requests: number; p50: number; p95: number; p99: number; errors: number };
  pgbench: { tps: number; clients: number; seconds: number } | { error: string };
}

/**
 * The registration's statement as registration.repository.ts writes it for a free ticket with
 * one per email and a waiting list (held, seat, registrant, its mail's job, its day), for pgbench,
 * run by as many clients as the server's pool has connections (10).
 */
function pgbenchScript(eventId: string, ticketId: string) {
  return `\\set n random(1, 2000000000)
with held as (select registration_email_held('${ticketId}'::uuid, 'pgb' || :n || '@load.id') as n),
seat as (select '${ticketId}'::uuid as id where case when (select n from held) + 1 <= 1 then take_seats('${ticketId}'::uuid, 1, true) else false end),
reg as (insert into registrants (id, event_id, ticket_id, transaction_id, name, email, phone_number, last_education, gender, quantity, ticket_code, status, created_at)
  select gen_random_uuid(), '${eventId}'::uuid, seat.id, null, 'Pgbench ' || :n, 'pgb' || :n || '@load.id', null, null, null, 1, md5(random()::text || :n), 'confirmed', now()
  from seat returning id, transaction_id),
job as (insert into jobs (kind, payload) select 'bench.none', jsonb_build_object('registrantId', reg.id) from reg),
counted as (insert into event_daily_metrics (event_id, day, slot, registrants) select '${eventId}'::uuid, current_date, floor(random() * ${DAILY_SLOTS})::smallint, 1 from reg
  on conflict (event_id, day, slot) do update set registrants = event_daily_metrics.registrants + 1)
select reg.id from held left join reg on true;
`;
}

async function runPgbench(url: string, eventId: string, ticketId: string, clients: number, seconds: number): Promise<RushResult['pgbench']> {
  const dir = mkdtempSync(path.join(tmpdir(), 'eo-rush-'));
  try {
    const file = path.join(dir, 'register.sql');
    writeFileSync(file, pgbenchScript(eventId, ticketId));
    const { stdout } = await promisify(execFile)('pgbench', ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, url], { maxBuffer: 1 << 20 });
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
    return { tps, clients, seconds };
  } catch (err) {
    return { error: (err as Error).message.split('\n')[0]! };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchRush(o: { baseUrl: string; platformKey: string; databaseUrl: string; setup: RushSetup; pgbenchSeconds?: number }): Promise<RushResult> {
  const { baseUrl, setup } = o;
  const token = await login(baseUrl, setup.organizer);
  const run = randomBytes(3).toString('hex');
  const registration = (ticketId: string, prefix: string) => {
    let i = 0;
    return {
      method: 'POST' as const, path: `/v1/platform/events/${setup.eventId}/registrations`,
      headers: { 'content-type': 'application/json', 'x-platform-key': o.platformKey },
      setupRequest: (req: object) => {
        const k = i++;
        return { ...req, body: JSON.stringify({ ticketId, participant: { name: `${prefix} ${k}`, email: `${prefix.toLowerCase()}${run}-${k}@load.id` } }) };
      },
    };
  };
  await (autocannon({ url: baseUrl, connections: RUSH.clients, amount: RUSH.warmUp, timeout: 30, requests: [registration(setup.warmUpTicketId, 'Warm')] }) as unknown as PromiseLike<autocannon.Result>);
  const samples: number[] = [];
  let created = 0; let soldOutWithWaitlist = 0; let otherRefusals = 0; let serverErrors = 0;
  // When the last seat went, from the start: the phase in which every client waits on the one ticket.
  let seatsGoneAt = 0;
  // The organizer's participant page, read in a loop while the rush runs.
  const page = { samples: [] as number[], errors: 0, done: false };
  const reader = (async () => {
    while (!page.done) {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}/v1/event-regist/lists?eventId=${setup.eventId}&page=1&limit=10`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      page.samples.push(performance.now() - t0);
      if (!res.ok) page.errors++;
    }
  })();
  const t0 = performance.now();
  let last = t0;
  const instance = autocannon({
    url: baseUrl, connections: RUSH.clients, amount: RUSH.attempts, timeout: 30,
    requests: [{
      ...registration(setup.ticketId, 'Rush'),
      onResponse: (status, body) => {
        if (status === 201) {
          if (++created === RUSH.seats) seatsGoneAt = performance.now();
        }
        else if (status === 409 && /"waitlist":true/.test(body)) soldOutWithWaitlist++;
        else if (status >= 500) serverErrors++;
        else otherRefusals++;
      },
    }],
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_c: unknown, _s: number, _b: number, ms: number) => { samples.push(ms); last = performance.now(); });
  const result = await instance;
  const seconds = (last - t0) / 1000;
  page.done = true;
  await reader;
  const after = await counted(baseUrl, token, setup.eventId, setup.ticketId);
  const pgbench = await runPgbench(o.databaseUrl, setup.eventId, setup.pgbenchTicketId, 10, o.pgbenchSeconds ?? 10);
  const pp = percentiles(page.samples);
  return {
    attempts: RUSH.attempts, clients: RUSH.clients, seats: RUSH.seats, seconds, attemptsPerSecond: samples.length / seconds,
    seatsSeconds: seatsGoneAt ? (seatsGoneAt - t0) / 1000 : NaN,
    created, soldOutWithWaitlist, otherRefusals, serverErrors, timeouts: result.timeouts + result.errors,
    ...percentiles(samples), ...after,
    participantPage: { requests: page.samples.length, p50: pp.p50, p95: pp.p95, p99: pp.p99, errors: page.errors },
    pgbench,
  };
}

export function printRush(r: RushResult) {
  const ok = r.created === r.seats && r.seatsTaken === r.seats && r.registrantsCounted === r.seats && r.serverErrors === 0 && r.timeouts === 0
    && r.created + r.soldOutWithWaitlist === r.attempts;
  console.log(`\n[PostgreSQL] rush: ${r.attempts.toLocaleString('en')} registrations from ${r.clients} clients on a ${r.seats.toLocaleString('en')}-seat ticket (waiting list on), after ${RUSH.warmUp.toLocaleString('en')} on another ticket`);
  console.log(`  ${r.attemptsPerSecond.toFixed(0)} answered/s over ${r.seconds.toFixed(1)} s · p50 ${r.p50.toFixed(0)} ms · p95 ${r.p95.toFixed(0)} ms · p99 ${r.p99.toFixed(0)} ms · max ${r.max.toFixed(0)} ms`);
  console.log(`  the ${r.seats.toLocaleString('en')} seats went in ${r.seatsSeconds.toFixed(2)} s (${(r.seats / r.seatsSeconds).toFixed(0)} registrations/s)`);
  console.log(`  ${r.created} confirmed, ${r.soldOutWithWaitlist} TICKET_SOLD_OUT with waitlist: true, ${r.otherRefusals} other refusals, ${r.serverErrors} 5xx, ${r.timeouts} timeouts/errors · server counts ${r.registrantsCounted} registrants, ${r.seatsTaken} seats taken · exact: ${ok ? 'yes' : 'NO'}`);
  console.log(`  participant page during the rush: ${r.participantPage.requests} reads · p50 ${r.participantPage.p50.toFixed(0)} ms · p95 ${r.participantPage.p95.toFixed(0)} ms · p99 ${r.participantPage.p99.toFixed(0)} ms · ${r.participantPage.errors} errors`);
  if ('tps' in r.pgbench) {
    console.log(`  pgbench, the registration's statement, ${r.pgbench.clients} clients, ${r.pgbench.seconds} s: ${r.pgbench.tps.toFixed(0)} tps · HTTP answered/s is ${((100 * r.attemptsPerSecond) / r.pgbench.tps).toFixed(0)}% of it`);
  } else {
    console.log(`  pgbench failed: ${r.pgbench.error}`);
  }
}
