import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { seatsLeft } from '../../db/schema/index.js';
import { seededRandom } from '../../seed/random.js';
import { call, until, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { withAltcha } from '../../../test/proof-of-work.js';
import { countersOf, factsOf } from '../../../test/counters-check.js';
import { RegistrationService } from '../platform/registration.service.js';
import { SEAT_MAIL } from './seat-mail.type.js';
import { closeRegistration } from './seats.repository.js';
import { offerFreeSeats, WaitlistService } from './waitlist.service.js';

/**
 * Seats under a random concurrent workload on PostgreSQL: one free event, ticket A (40 seats,
 * waiting list: enough for take_seats to hand them out to its slots) and ticket B (8 seats, approval and waiting list). Waves of operations run
 * together, each on its own connection: public registrations and joins of the waiting list,
 * approvals and declines, cancellations by the person and by the organizer, acceptances of
 * offers, lapses (once or twice at a time) and removals. Every answer must be a success or a
 * refusal the endpoint documents, never a 5xx. After each wave, per ticket: the remaining quota
 * is the total less the confirmed seats and the seats offers hold (no seat lost or counted
 * twice), nobody waits while a seat is free, an accepted place has its registration, one email
 * holds one registration of a ticket, and the counters equal the facts. Seeded (mulberry32):
 * a failure names its seed, replayed with SEATS_WORKLOAD_SEED=<seed>[,<seed>…] (the operations
 * and their choices replay; the interleaving is PostgreSQL's, so a race may need a few runs).
 */
let t: TestApp;
let db: Db;
let owner: string;
let creatorId: string;

const SEEDS = process.env.SEATS_WORKLOAD_SEED ? process.env.SEATS_WORKLOAD_SEED.split(',').map(Number) : [7, 12, 14, 19];
const WAVES = 40;
/** Operations per wave, at random: small waves end on a lone operation whose effect a later one in a big wave would mend. */
const WAVE_SIZE = [2, 30] as const;
const PEOPLE = 60;

const rows = async <T,>(q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
const waitlist = () => new WaitlistService(db, new RegistrationService(db));

/** What each endpoint may answer: its success and its documented refusals (status → messageIds). */
const ANSWERS = {
  register: { 201: [], 409: ['TICKET_SOLD_OUT', 'MAX_TICKET_PER_USER'] },
  join: { 201: [], 409: ['ALREADY_ON_WAITLIST', 'MAX_TICKET_PER_USER', 'CONFLICT'] },
  decide: { 200: [] },
  cancelOwn: { 200: [], 409: ['CONFLICT'] },
  cancelBy: { 200: [], 409: ['CONFLICT'] },
  accept: { 201: [], 409: ['CONFLICT', 'MAX_TICKET_PER_USER'], 410: ['OFFER_EXPIRED'] },
  remove: { 204: [] },
} satisfies Record<string, Record<number, string[]>>;
type Kind = keyof typeof ANSWERS;

interface Seats { id: string; a: string; b: string }

beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1: owner } = team);
  db = t.database.db;
  creatorId = team.ids.org1;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A free event with ticket A (`a` seats, waiting list) and ticket B (`b` seats, approval, waiting list). */
async function seatsEvent(name: string, a: number, b: number): Promise<Seats> {
  const fixture = simpleEvent(name, { days: 10, quota: a });
  const base = fixture.payload.tickets![0];
  fixture.payload.tickets = [
    { ...base, name: 'Umum', originalQuota: a, waitlist: true },
    { ...base, name: 'Seleksi', originalQuota: b, requiresApproval: true, waitlist: true },
  ];
  const id = await createEvent(db, creatorId, fixture);
  const ticket = async (n: string) => (await rows<{ id: string }>(sql`select id from tickets where event_id = ${id}::uuid and name = ${n}`))[0].id;
  return { id, a: await ticket('Umum'), b: await ticket('Seleksi') };
}

/** Every ticket of the event against the facts; gives the figures per ticket. */
async function checkSeats(eventId: string, cancelled: Set<string>) {
  const tickets = await rows<{ name: string; quota: number; original: number; confirmed: number; offered: number; waiting: number }>(sql`
    select t.name, ${seatsLeft()} as quota, t.original_quota as original,
      coalesce((select sum(r.quantity) from registrants r where r.ticket_id = t.id and r.status = 'confirmed'), 0)::int as confirmed,
      (select count(*) from waitlist_entries w where w.ticket_id = t.id and w.status = 'offered')::int as offered,
      (select count(*) from waitlist_entries w where w.ticket_id = t.id and w.status = 'waiting')::int as waiting
    from tickets t where t.event_id = ${eventId}::uuid order by t.name`);
  for (const k of tickets) {
    expect(k.confirmed, `${k.name}: confirmed seats within the total`).toBeLessThanOrEqual(k.original);
    // No seat lost, none counted twice: what is left is the total less what registrations and offers hold.
    expect(k.quota, `${k.name}: quota = total - confirmed - offered (${JSON.stringify(k)})`).toBe(k.original - k.confirmed - k.offered);
    // A free seat is offered as soon as someone waits for it.
    if (k.quota > 0) expect(k.waiting, `${k.name}: ${k.quota} seat(s) free while people wait`).toBe(0);
  }
  const entries = await rows<{
    id: string; status: string; registrantId: string | null; token: string | null; until: string | null;
    rStatus: string | null; sameTicket: boolean | null; sameEmail: boolean | null;
  }>(sql`
    select w.id, w.status, w.registrant_id as "registrantId", w.offer_token as token, w.offered_until as until,
      r.status as "rStatus", r.ticket_id = w.ticket_id as "sameTicket", lower(r.email) = lower(w.email) as "sameEmail"
    from waitlist_entries w left join registrants r on r.id = w.registrant_id
    where w.event_id = ${eventId}::uuid`);
  for (const e of entries) {
    if (e.status === 'accepted') {
      // Its registration, on its ticket for its email: confirmed unless the workload cancelled it since.
      expect({ sameTicket: e.sameTicket, sameEmail: e.sameEmail }, `accepted ${e.id}`).toEqual({ sameTicket: true, sameEmail: true });
      expect(e.rStatus === 'confirmed' || (e.rStatus === 'cancelled' && cancelled.has(e.registrantId!)), `accepted ${e.id} is ${e.rStatus}`).toBe(true);
    } else {
      expect(e.registrantId, `${e.status} ${e.id} has no registration`).toBeNull();
    }
    if (e.status === 'offered') expect(e.token && e.until, `offered ${e.id} has a token and a deadline`).toBeTruthy();
  }
  // The public pages: one registration (pending or confirmed) per email and ticket, an accepted offer included.
  const twice = await rows(sql`
    select t.name, regexp_replace(lower(r.email), '[+][^@]*@', '@') as email, count(*)::int as n
    from registrants r join tickets t on t.id = r.ticket_id
    where r.event_id = ${eventId}::uuid and r.status in ('confirmed', 'pending') group by 1, 2 having count(*) > 1`);
  expect(twice, 'emails holding two registrations of a ticket').toEqual([]);
  // The counters (triggers) against the facts they count, the way the counters test compares them.
  expect(await countersOf(db)).toEqual(await factsOf(db));
  return tickets;
}

async function workload(seed: number) {
  const rnd = seededRandom(seed);
  const e = await seatsEvent(`Kelas Rebutan ${seed}`, 40, 8);
  const cancelled = new Set<string>();
  const stats: Record<string, number> = {};
  const count = (key: string) => { stats[key] = (stats[key] ?? 0) + 1; };
  const refused: string[] = [];

  /** Checks an answer against what its endpoint documents; counts it by outcome. */
  const answered = (kind: Kind, res: { status: number; body: any }) => {
    const allowed = (ANSWERS[kind] as Record<number, string[]>)[res.status];
    const ok = allowed !== undefined && (res.status < 300 || allowed.includes(res.body?.messageId));
    if (!ok) refused.push(`${kind}: ${res.status} ${JSON.stringify(res.body)}`);
    count(`${kind} ${res.status}${res.status >= 400 ? ` ${res.body?.messageId}` : ''}`);
    return res;
  };

  // One of PEOPLE, the email sometimes in capitals or with a +tag (the same person to the per-email rules).
  const emailOf = (u: number, v: number) => {
    const i = Math.floor(u * PEOPLE);
    return v < 0.1 ? `Orang${i}@Contoh.id` : v < 0.2 ? `orang${i}+antre@contoh.id` : `orang${i}@contoh.id`;
  };
  const person = (email: string) => ({ name: `Orang ${email.split('@')[0]}`, email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' });
  const nth = <T,>(items: T[], u: number) => items[Math.floor(u * items.length)];
  const registrantsOf = (statuses: SQL) => rows<{ id: string; email: string; ticketCode: string }>(sql`
    select id, email, ticket_code as "ticketCode" from registrants where event_id = ${e.id}::uuid and status in (${statuses}) order by created_at, id`);
  const entriesOf = (statuses: SQL) => rows<{ id: string; token: string | null }>(sql`
    select id, offer_token as token from waitlist_entries where event_id = ${e.id}::uuid and status in (${statuses}) order by seq`);

  type Op = (u: number[]) => Promise<void>;
  const register: Op = async ([u, v, w]) => {
    const ticketId = w < 0.55 ? e.a : e.b;
    answered('register', await call(t.app, {
      method: 'POST', url: `/v1/public/events/${e.id}/registrations`, payload: await withAltcha(t.app, { ticketId, participant: person(emailOf(u, v)) }),
    }));
  };
  const join: Op = async ([u, v, w]) => {
    const ticketId = w < 0.55 ? e.a : e.b;
    answered('join', await call(t.app, {
      method: 'POST', url: `/v1/public/events/${e.id}/waitlist`, payload: await withAltcha(t.app, { ticketId, participant: person(emailOf(u, v)) }),
    }));
  };
  const decide = (decision: 'approve' | 'decline'): Op => async ([u, v, w]) => {
    const pending = await rows<{ id: string }>(sql`select id from registrants where ticket_id = ${e.b}::uuid and status = 'pending' order by created_at, id`);
    if (!pending.length) return;
    const picked = [nth(pending, u), ...(v < 0.4 ? [nth(pending, w)] : [])].map((r) => r.id);
    const res = answered('decide', await call(t.app, {
      method: 'POST', url: `/v1/events/${e.id}/registrations/decisions`, token: owner, payload: { registrantIds: picked, decision },
    }));
    for (const r of res.body?.data?.result ?? []) count(`${decision} ${r.outcome}`);
  };
  const cancelOwn: Op = async ([u]) => {
    const r = nth(await registrantsOf(sql`'confirmed', 'pending', 'declined'`), u);
    if (!r) return;
    cancelled.add(r.id);
    answered('cancelOwn', await call(t.app, { method: 'POST', url: `/v1/public/tickets/${r.ticketCode}/cancel`, payload: { email: r.email } }));
  };
  const cancelBy: Op = async ([u]) => {
    const r = nth(await registrantsOf(sql`'confirmed', 'pending'`), u);
    if (!r) return;
    cancelled.add(r.id);
    answered('cancelBy', await call(t.app, {
      method: 'POST', url: `/v1/events/${e.id}/registrants/${r.id}/cancel`, token: owner, payload: { reason: 'Kursi dilepas' },
    }));
  };
  const accept: Op = async ([u, v]) => {
    // Mostly an offer that holds a seat; now and then a token already used or lapsed.
    const entry = nth(await entriesOf(v < 0.85 ? sql`'offered'` : sql`'offered', 'accepted', 'expired', 'removed'`), u);
    if (!entry?.token) return;
    answered('accept', await call(t.app, { method: 'POST', url: `/v1/public/waitlist-offers/${entry.token}/accept` }));
  };
  const lapse: Op = async ([u, v]) => {
    const entry = nth(await entriesOf(sql`'offered'`), u);
    if (!entry) return;
    await db.execute(sql`update waitlist_entries set offered_until = now() - interval '1 second' where id = ${entry.id}::uuid and status = 'offered'`);
    // The lapse job, or two workers running it at once.
    await (v < 0.5 ? waitlist().lapse(entry.id) : Promise.all([waitlist().lapse(entry.id), waitlist().lapse(entry.id)]));
    count(v < 0.5 ? 'lapse' : 'lapse twice');
  };
  const remove: Op = async ([u, v]) => {
    const entry = nth(await entriesOf(v < 0.6 ? sql`'offered'` : sql`'waiting', 'offered', 'expired'`), u);
    if (!entry) return;
    answered('remove', await call(t.app, { method: 'DELETE', url: `/v1/events/${e.id}/waitlist/${entry.id}`, token: owner }));
  };

  // The first waves fill both tickets (registrations, approvals); then everything races.
  const fill: [number, Op][] = [[30, register], [10, decide('approve')], [4, join]];
  const mix: [number, Op][] = [
    [16, register], [18, join], [8, decide('approve')], [2, decide('decline')], [6, cancelOwn], [5, cancelBy], [12, accept], [4, lapse], [4, remove],
  ];
  const op = (ops: [number, Op][]) => {
    let r = rnd.next() * ops.reduce((n, [w]) => n + w, 0);
    for (const [w, f] of ops) if ((r -= w) < 0) return f;
    return register;
  };

  for (let wave = 0; wave < WAVES; wave++) {
    // Chosen before the wave runs, so a seed replays the same operations with the same choices.
    const planned = Array.from({ length: wave < 2 ? 40 : rnd.int(...WAVE_SIZE) }, () => ({ f: op(wave < 2 ? fill : mix), u: [rnd.next(), rnd.next(), rnd.next()] }));
    const failures: unknown[] = [];
    await Promise.all(planned.map(({ f, u }) => f(u).catch((err: unknown) => { failures.push(err); })));
    expect(failures, `wave ${wave}: operations that threw`).toEqual([]);
    expect(refused, `wave ${wave}: answers no endpoint documents`).toEqual([]);
    await checkSeats(e.id, cancelled);
  }
  return stats;
}

describe('seats under a random concurrent workload', () => {
  for (const seed of SEEDS) {
    it(`keeps every seat accounted for (seed ${seed})`, async () => {
      try {
        const stats = await workload(seed);
        // The workload reached what it is meant to race: offers accepted, lapsed and removed, approvals refused for want of a seat.
        const some = (prefix: string) => Object.entries(stats).filter(([k]) => k.startsWith(prefix)).reduce((n, [, v]) => n + v, 0);
        expect(some('accept 201'), JSON.stringify(stats)).toBeGreaterThan(0);
        expect(some('join 201'), JSON.stringify(stats)).toBeGreaterThan(0);
        expect(some('lapse'), JSON.stringify(stats)).toBeGreaterThan(0);
        expect(some('approve approved'), JSON.stringify(stats)).toBeGreaterThan(0);
        expect(some('cancel'), JSON.stringify(stats)).toBeGreaterThan(0);
      } catch (err) {
        if (err instanceof Error) err.message = `seed ${seed} (replay: SEATS_WORKLOAD_SEED=${seed}): ${err.message}`;
        throw err;
      }
    });
  }
});

describe('offers past their time under two sweeping workers', () => {
  it('each lapses once and its seat is offered once, to the next one waiting', async () => {
    const e = await seatsEvent('Kelas Lewat Waktu', 6, 1);
    const post = async (url: string, body: object) => call(t.app, { method: 'POST', url, payload: await withAltcha(t.app, body) });
    const person = (email: string) => ({ name: email, email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' });
    const seated: { ticketCode: string }[] = [];
    for (let i = 0; i < 6; i++) seated.push((await post(`/v1/public/events/${e.id}/registrations`, { ticketId: e.a, participant: person(`duduk${i}@contoh.id`) })).body.data.result);
    const waiting: string[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await post(`/v1/public/events/${e.id}/waitlist`, { ticketId: e.a, participant: person(`tunggu${i}@contoh.id`) });
      expect(res.status).toBe(201);
      waiting.push(res.body.data.result.waitlistId);
    }
    // Six seats freed: offered to the first six waiting.
    await Promise.all(seated.map((s, i) => call(t.app, { method: 'POST', url: `/v1/public/tickets/${s.ticketCode}/cancel`, payload: { email: `duduk${i}@contoh.id` } })));
    const statuses = async () => Object.fromEntries((await rows<{ id: string; status: string }>(sql`
      select id, status from waitlist_entries where ticket_id = ${e.a}::uuid`)).map((r) => [r.id, r.status]));
    expect(Object.values(await statuses()).filter((s) => s === 'offered')).toHaveLength(6);
    // Five of them pass their time without their lapse job having run; the sixth has time left.
    const overdue = waiting.slice(0, 5);
    for (const id of overdue) await db.execute(sql`update waitlist_entries set offered_until = now() - interval '1 minute' where id = ${id}::uuid`);

    // Two workers sweep at once, twice, while the lapse jobs of the same offers run too.
    for (let round = 0; round < 2; round++) {
      await Promise.all([waitlist().sweep(), waitlist().sweep(), ...overdue.map((id) => waitlist().lapse(id))]);
    }

    const after = await statuses();
    expect(waiting.map((id) => after[id])).toEqual([...Array(5).fill('expired'), ...Array(4).fill('offered')]);
    // Each place offered once: one offer (audited, its lapse queued) per place, none twice.
    const offers = await rows<{ target: string; n: number }>(sql`
      select target_id as target, count(*)::int as n from audit_log where action = 'waitlist.offered' and detail->>'ticketId' = ${e.a} group by 1`);
    expect(Object.fromEntries(offers.map((o) => [o.target, o.n]))).toEqual(Object.fromEntries(waiting.map((id) => [id, 1])));
    const lapses = await rows<{ entry: string; n: number }>(sql`
      select payload->>'entryId' as entry, count(*)::int as n from jobs where kind = 'waitlist.lapse' and payload->>'entryId' in (${sql.join(waiting.map((id) => sql`${id}`), sql`, `)}) group by 1`);
    expect(Object.fromEntries(lapses.map((o) => [o.entry, o.n]))).toEqual(Object.fromEntries(waiting.map((id) => [id, 1])));
    // Five seats came back and three went to the three still waiting: two free, nobody waits.
    const [a] = (await checkSeats(e.id, new Set())).filter((k) => k.name === 'Umum');
    expect(a).toMatchObject({ quota: 2, confirmed: 0, offered: 4, waiting: 0 });
  });
});

/**
 * Two interleavings the workload meets only by chance, made to happen: a cancellation's
 * transaction (SeatsService.cancel's statements: closeRegistration, then offerFreeSeats) is held
 * open before its commit while another request runs, then let go.
 */
describe('offers racing a cancellation\'s commit', () => {
  const person = (email: string) => ({ name: email, email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' });
  const post = async (url: string, body: object) => call(t.app, { method: 'POST', url, payload: await withAltcha(t.app, body) });

  /** Runs a cancellation up to its commit and holds it there; `commit()` lets it finish. */
  async function heldCancel(eventId: string, registrantId: string, ticketId: string) {
    let commit!: () => void;
    let ready!: () => void;
    const released = new Promise<void>((r) => { commit = r; });
    const opened = new Promise<void>((r) => { ready = r; });
    const done = db.transaction(async (tx) => {
      const closed = await closeRegistration(tx, {
        eventId, registrantId, from: ['confirmed', 'pending'], to: 'cancelled', at: new Date(), mail: { kind: SEAT_MAIL.id, payload: { kind: 'cancelled' } },
      });
      expect(closed).toBeTruthy();
      await offerFreeSeats(tx, ticketId, new Date());
      ready();
      await released;
    });
    await opened;
    return { commit: async () => { commit(); await done; } };
  }
  /** Waits until `request` has answered or waits for a lock. */
  async function answeredOrWaiting(request: Promise<unknown>) {
    let settled = false;
    void request.then(() => { settled = true; }, () => { settled = true; });
    await until(async () => settled || (await rows(sql`select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where not l.granted and a.datname = current_database()`)).length > 0);
  }
  const statusOf = async (id: string) => (await rows<{ status: string }>(sql`select status from waitlist_entries where id = ${id}::uuid`))[0].status;

  it('a pending registration cancelled meanwhile does not keep the first one waiting from a freed seat', async () => {
    const e = await seatsEvent('Kelas Persetujuan', 1, 1);
    const x = (await post(`/v1/public/events/${e.id}/registrations`, { ticketId: e.b, participant: person('tertunda@contoh.id') })).body.data.result;
    const y = (await post(`/v1/public/events/${e.id}/registrations`, { ticketId: e.b, participant: person('disetujui@contoh.id') })).body.data.result;
    await call(t.app, { method: 'POST', url: `/v1/events/${e.id}/registrations/decisions`, token: owner, payload: { registrantIds: [y.registrantId], decision: 'approve' } });
    const w = (await post(`/v1/public/events/${e.id}/waitlist`, { ticketId: e.b, participant: person('menunggu@contoh.id') })).body.data.result;
    // X's cancellation (pending: no seat back) tried to offer and has not committed; Y cancels, freeing the seat.
    const pending = await heldCancel(e.id, x.registrantId, e.b);
    const freed = call(t.app, { method: 'POST', url: `/v1/public/tickets/${y.ticketCode}/cancel`, payload: { email: 'disetujui@contoh.id' } });
    await answeredOrWaiting(freed);
    await pending.commit();
    expect((await freed).status).toBe(200);
    expect(await statusOf(w.waitlistId)).toBe('offered');
    await checkSeats(e.id, new Set([x.registrantId, y.registrantId]));
  });

  it('one joining while a cancellation commits is offered the seat it frees', async () => {
    const e = await seatsEvent('Kelas Susulan', 1, 1);
    const y = (await post(`/v1/public/events/${e.id}/registrations`, { ticketId: e.a, participant: person('duduk@contoh.id') })).body.data.result;
    // Y's cancellation has freed the seat and found no one waiting, not yet committed; Z joins.
    const cancel = await heldCancel(e.id, y.registrantId, e.a);
    const joined = post(`/v1/public/events/${e.id}/waitlist`, { ticketId: e.a, participant: person('susul@contoh.id') });
    await answeredOrWaiting(joined);
    await cancel.commit();
    const z = await joined;
    expect(z.status).toBe(201);
    expect(await statusOf(z.body.data.result.waitlistId)).toBe('offered');
    await checkSeats(e.id, new Set([y.registrantId]));
  });
});
