import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { PROOF_OF_WORK_ADDRESS } from '@eo/contract';
import type { Db } from '../../apps/api/src/db/client.js';
import { login } from './insight.js';
import { counted, seedIntakeBench, type IntakeBenchSetup } from './intake.js';
import { percentiles, runLoad, type LoadResult } from './load.js';

/**
 * The public pages through a running server: the server-rendered event page
 * `GET /e/{eventId}` (cached by the event's version) beside a bare `/healthz` measured right
 * after it, and registrations on the public form (`POST /v1/public/events/{id}/registrations`,
 * one free ticket, each request a distinct email). The server must run with a raised
 * PUBLIC_RATE_LIMIT: all the load comes from one address. Each registration carries its own
 * solved challenge, fetched and solved before the timed run; the server runs with a cheap cost
 * (ALTCHA_COST, ALTCHA_MAX_COUNTER) so solving them does not take minutes: the server's side
 * (checking and spending a solution) is the same at any cost. What solving costs a client is
 * bench/proof-of-work.ts.
 */
export type PublicBenchSetup = IntakeBenchSetup;

/** The intake bench's event: published, approved, free; a large ticket and a small one (`sellOutSeats`). */
export const seedPublicBench = (db: Db) => seedIntakeBench(db, { quota: 1_000_000, sellOutSeats: 50 });

export interface PublicRegistrationRun {
  requests: number; created: number; refused: number; errors: number; seconds: number; perSecond: number;
  /** The errors by answer status, or by what autocannon saw (`timeout`, `socket`). */
  errorKinds: Record<string, number>;
  p50: number; p95: number; p99: number;
  /** Seats the server reports taken and registrants it counts on the ticket, after the run. */
  seatsTaken: number; registrantsCounted: number;
}
export interface PublicBenchResult {
  page: LoadResult; bare: LoadResult;
  registrations: PublicRegistrationRun;
  sellOut: PublicRegistrationRun & { seats: number };
  /** Every 201 is one registrant and one seat, never more than the quota; the small ticket sells exactly its seats. */
  consistent: boolean;
}

/** `amount` solved challenges of the server, 50 fetched at a time. */
async function solvedChallenges(baseUrl: string, amount: number): Promise<string[]> {
  const solved: string[] = [];
  while (solved.length < amount) {
    solved.push(...await Promise.all(Array.from({ length: Math.min(50, amount - solved.length) }, async () => {
      const challenge = ((await (await fetch(`${baseUrl}${PROOF_OF_WORK_ADDRESS.challenge.path}`)).json()) as { data: { result: Parameters<typeof solveChallenge>[0]['challenge'] } }).data.result;
      const solution = await solveChallenge({ challenge, deriveKey });
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    })));
  }
  return solved;
}

/** `amount` public registrations of distinct participants from `connections` clients; every one is answered. */
async function register(o: { baseUrl: string; token: string; eventId: string; ticketId: string; connections: number; amount: number }): Promise<PublicRegistrationRun> {
  const run = randomBytes(3).toString('hex');
  const altchas = await solvedChallenges(o.baseUrl, o.amount);
  let n = 0;
  const samples: number[] = [];
  let created = 0;
  let refused = 0;
  const errorKinds: Record<string, number> = {};
  const t0 = performance.now();
  let last = t0;
  const instance = autocannon({
    url: o.baseUrl,
    connections: o.connections,
    amount: o.amount,
    // Long enough for every request to be answered, so each registrant is matched by a 201.
    timeout: 120,
    requests: [{
      method: 'POST',
      path: `/v1/public/events/${o.eventId}/registrations`,
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => {
        const i = n++;
        const participant = { name: `Publik ${i}`, email: `p${run}-${i}@load.id`, phoneNumber: '081234567890', lastEducation: 'S1', gender: i % 2 ? 'Perempuan' : 'Laki-laki' };
        return { ...req, body: JSON.stringify({ ticketId: o.ticketId, participant, answers: [], website: '', altcha: altchas[i] }) };
      },
    }],
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    samples.push(ms);
    last = performance.now();
    if (status === 201) created++;
    else if (status === 409) refused++;
    else errorKinds[status] = (errorKinds[status] ?? 0) + 1;
  });
  const result = await instance;
  // Until the last answer: autocannon notices the end of a run of a number of requests on a
  // one-second tick, so its duration is whole seconds (5,000 in 7 s or 8 s: 713 or 623/s).
  const seconds = (last - t0) / 1000;
  if (result.timeouts) errorKinds.timeout = result.timeouts;
  if (result.errors - result.timeouts) errorKinds.socket = result.errors - result.timeouts;
  const errors = Object.values(errorKinds).reduce((a, b) => a + b, 0);
  const after = await counted(o.baseUrl, o.token, o.eventId, o.ticketId);
  return {
    requests: samples.length, created, refused, errors, errorKinds, seconds, perSecond: created / seconds,
    ...percentiles(samples), ...after,
  };
}

export async function benchPublic(o: { baseUrl: string; setup: PublicBenchSetup; seconds: number; connections: number; registrations: number }): Promise<PublicBenchResult> {
  const { baseUrl, setup } = o;
  const pageUrl = `${baseUrl}/e/${setup.eventId}`;
  const check = await fetch(pageUrl);
  if (check.status !== 200) throw new Error(`GET /e/{eventId} answered ${check.status}`);
  await runLoad({ url: pageUrl, connections: 10, seconds: 2 }); // warm-up
  const page = await runLoad({ url: pageUrl, connections: o.connections, seconds: o.seconds });
  const bare = await runLoad({ url: `${baseUrl}/healthz`, connections: o.connections, seconds: Math.min(o.seconds, 5) });

  const token = await login(baseUrl, setup.organizer);
  const base = { baseUrl, token, eventId: setup.eventId, connections: 100 };
  await register({ ...base, ticketId: setup.ticketId, amount: 200 }); // warm-up
  const warm = await counted(baseUrl, token, setup.eventId, setup.ticketId);
  const timed = await register({ ...base, ticketId: setup.ticketId, amount: o.registrations });
  const registrations = { ...timed, seatsTaken: timed.seatsTaken - warm.seatsTaken, registrantsCounted: timed.registrantsCounted - warm.registrantsCounted };
  const sellOut = { ...(await register({ ...base, ticketId: setup.sellOutTicketId, amount: 4 * setup.sellOutSeats })), seats: setup.sellOutSeats };
  const consistent = registrations.created === registrations.registrantsCounted && registrations.seatsTaken === registrations.created
    && timed.registrantsCounted <= setup.quota
    && sellOut.created === sellOut.seats && sellOut.registrantsCounted === sellOut.seats && sellOut.seatsTaken === sellOut.seats;
  return { page, bare, registrations, sellOut, consistent };
}
