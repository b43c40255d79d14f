import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { Db } from '../../apps/api/src/db/client.js';
import { events, tickets } from '../../apps/api/src/db/schema/index.js';
import { findMembership } from '../../apps/api/src/lib/access.repository.js';
import { createUser } from '../../apps/api/src/modules/users/users.service.js';
import { login } from './insight.js';
import { percentiles } from './load.js';

/**
 * Platform intake under contention, through a running server's HTTP route. Split in two like
 * the other benches: `seedIntakeBench` writes the event before the server starts (on the
 * embedded database, before the server runs its cluster), `benchIntake` then only talks HTTP.
 */
export interface IntakeBenchSetup {
  eventId: string;
  /** Timed run: a ticket with seats enough never to sell out. */
  ticketId: string;
  quota: number;
  /** Sell-out run: a small ticket that 4x its seats in requests must sell exactly. */
  sellOutTicketId: string;
  sellOutSeats: number;
  organizer: { email: string; password: string };
}

export interface IntakeBenchResult {
  seconds: number; connections: number; registrations: number; soldOut: number; errors: number;
  registrationsPerSecond: number; p50: number; p95: number; p99: number; max: number;
  /** Seats the server reports taken, and registrants it counts, on the timed ticket. */
  seatsTaken: number; registrantsCounted: number;
  /** Registrations committed for requests autocannon cut off at the stop (at most `connections`). */
  unansweredAtStop: number;
  sellOut: { seats: number; requests: number; created: number; soldOut: number; errors: number; seatsTaken: number; registrantsCounted: number };
  oversold: boolean;
}

/** A published internal event, free, no questions, unlimited per user: inserted directly (setup, not under test). */
export async function seedIntakeBench(db: Db, opts: { quota?: number; sellOutSeats?: number } = {}): Promise<IntakeBenchSetup> {
  const quota = opts.quota ?? 1_000_000;
  const sellOutSeats = opts.sellOutSeats ?? 500;
  const organizer = { email: `intake-bench-${randomBytes(4).toString('hex')}@demo.id`, password: randomBytes(12).toString('hex') };
  const creatorId = await createUser(db, { ...organizer, name: 'Intake Bench', roles: ['eventOrganizer'] });
  const organizationId = (await findMembership(db, creatorId, undefined))!.organizationId;
  const [event] = await db.insert(events).values({
    organizationId, creatorId, name: 'Bench: rebutan tiket', type: 'Lomba', isDraft: false, approvedStatus: 'approved', allowRegister: true, registrationMethod: 'internal',
  }).returning({ id: events.id });
  const ticket = (name: string, seats: number) => ({
    eventId: event.id, name, originalQuotaType: 'limited', originalQuota: seats, quota: seats, type: 'free', maxTicketPerUser: -1,
    registrationDeadlineAt: new Date(Date.now() + 30 * 86_400_000),
  });
  const [big, small] = await db.insert(tickets).values([ticket('Umum', quota), ticket('Terbatas', sellOutSeats)]).returning({ id: tickets.id });
  return { eventId: event.id, ticketId: big.id, quota, sellOutTicketId: small.id, sellOutSeats, organizer };
}

interface Fired { seconds: number; created: number; soldOut: number; errors: number; samples: number[] }

/** Registrations of distinct participants from `connections` clients, for a duration or a number of requests. */
async function fire(o: { baseUrl: string; platformKey: string; eventId: string; ticketId: string; connections: number }, limit: { duration: number } | { amount: number }) {
  const run = randomBytes(3).toString('hex');
  let n = 0;
  const fired: Fired = { seconds: 0, created: 0, soldOut: 0, errors: 0, samples: [] };
  const t0 = performance.now();
  let last = t0;
  const instance = autocannon({
    url: o.baseUrl,
    connections: o.connections,
    ...limit,
    requests: [{
      method: 'POST',
      path: `/v1/platform/events/${o.eventId}/registrations`,
      headers: { 'content-type': 'application/json', 'x-platform-key': o.platformKey },
      setupRequest: (req) => {
        const i = n++;
        const participant = { name: `Bench ${i}`, email: `b${run}-${i}@load.id`, gender: i % 2 ? 'Perempuan' : 'Laki-laki' };
        return { ...req, body: JSON.stringify({ ticketId: o.ticketId, participant }) };
      },
    }],
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    fired.samples.push(ms);
    last = performance.now();
    if (status === 201) fired.created++;
    else if (status === 409) fired.soldOut++;
    else fired.errors++;
  });
  const result = await instance;
  fired.errors += result.errors + result.timeouts;
  // Until the last answer: autocannon notices the end of a run of a number of requests on a
  // one-second tick, so its duration is whole seconds.
  fired.seconds = (last - t0) / 1000;
  return fired;
}

/** What the server itself reports for a ticket (event detail): seats taken and registrants counted. */
export async function counted(baseUrl: string, token: string, eventId: string, ticketId: string) {
  const res = await fetch(`${baseUrl}/v1/events/detail?id=${eventId}`, { headers: { authorization: `Bearer ${token}` } });
  const detail = (await res.json()) as { data: { result: { tickets: { id: string; quota: number; originalQuota: number; ticketCount: number }[] } } };
  const t = detail.data.result.tickets.find((x) => x.id === ticketId)!;
  return { seatsTaken: t.originalQuota - t.quota, registrantsCounted: t.ticketCount };
}

export async function benchIntake(opts: { baseUrl: string; platformKey: string; setup: IntakeBenchSetup; seconds?: number; connections?: number }): Promise<IntakeBenchResult> {
  const { baseUrl, platformKey, setup } = opts;
  const seconds = opts.seconds ?? 10;
  const connections = opts.connections ?? 100;
  const token = await login(baseUrl, setup.organizer);
  const base = { baseUrl, platformKey, eventId: setup.eventId, connections };

  const timed = await fire({ ...base, ticketId: setup.ticketId }, { duration: seconds });
  // Requests cut off by the stop may still commit: wait until the count settles.
  let after = await counted(baseUrl, token, setup.eventId, setup.ticketId);
  for (let last = -1; after.registrantsCounted !== last;) {
    last = after.registrantsCounted;
    await new Promise((r) => setTimeout(r, 500));
    after = await counted(baseUrl, token, setup.eventId, setup.ticketId);
  }
  const rush = await fire({ ...base, ticketId: setup.sellOutTicketId }, { amount: 4 * setup.sellOutSeats });
  const rushAfter = await counted(baseUrl, token, setup.eventId, setup.sellOutTicketId);

  const unanswered = after.registrantsCounted - timed.created;
  return {
    seconds: timed.seconds, connections, registrations: timed.created, soldOut: timed.soldOut, errors: timed.errors,
    registrationsPerSecond: timed.created / timed.seconds,
    ...percentiles(timed.samples),
    ...after, unansweredAtStop: unanswered,
    sellOut: { seats: setup.sellOutSeats, requests: 4 * setup.sellOutSeats, created: rush.created, soldOut: rush.soldOut, errors: rush.errors, ...rushAfter },
    // A seat taken is a registrant counted; only the stop's cut-off requests may be stored
    // unanswered; the sell-out run sells exactly its seats, each answered 201.
    oversold: after.seatsTaken !== after.registrantsCounted || unanswered < 0 || unanswered > connections
      || rush.created !== setup.sellOutSeats || rushAfter.seatsTaken !== setup.sellOutSeats || rushAfter.registrantsCounted !== setup.sellOutSeats,
  };
}
