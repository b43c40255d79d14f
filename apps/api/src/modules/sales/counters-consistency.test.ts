import { sql } from 'drizzle-orm';
import { EDUCATION_LEVELS, GENDERS } from '@eo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { audienceOfEvent, registrantsByProfile } from '../../lib/counters.repository.js';
import { DomainError } from '../../lib/errors.js';
import { appendEntries, coinAccountIdOf, ensureCoinAccount } from '../../lib/ledger.repository.js';
import { seededRandom } from '../../seed/random.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createEvent, createUsers, PlatformService, simpleEvent } from '../../../test/fixtures.js';
import { countersOf, factsOf } from '../../../test/counters-check.js';
import { compactCounters } from './compact-counters.job.js';

/**
 * The counters of migrations 0023 and 0025 (and the per-ticket ones of 0015) against the facts they
 * count, after a random workload: registrations of 1–3 seats on limited, unlimited and free tickets
 * (one person often twice, their email in another case, education and gender given or not),
 * refunds, check-ins and undos one by one and in bulk statements, profiles changed in place
 * (email, education, gender), ledger entries of withdrawals,
 * events drafted, deleted and back, and compactions, in concurrent batches (on PostgreSQL each
 * its own transaction on its own connection). Every counter is then recomputed from the facts and must be equal.
 */
let t: TestApp;
let db: Db;
let eventIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const ids = await createUsers(db);
  eventIds = [
    await createEvent(db, ids.org1, simpleEvent('Konser Limited', { days: 10, price: 75000, quota: 400 })),
    await createEvent(db, ids.org1, simpleEvent('Lomba Unlimited', { days: 12, price: 20000 })),
    await createEvent(db, ids.org2, simpleEvent('Webinar Gratis', { days: 5 })),
  ];
});
afterAll(() => t.close());

const rows = async <T,>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
const counted = () => countersOf(db);
const recomputed = () => factsOf(db);

describe('counters kept beside the facts', () => {
  it('equal the facts recomputed after a random concurrent workload, compacted or not', async () => {
    // Seeded (mulberry32, as the demo data): a failure can be replayed from its seed.
    const { next, pick } = seededRandom(20261124);
    const platform = new PlatformService(db);
    const tickets = await rows<{ id: string; event_id: string }>(sql`select id, event_id from tickets where deleted_at is null order by event_id, id`);
    const sold: { transactionId: string | null; registrantId: string }[] = [];
    let person = 0;

    // Half the registrations are by one of 15 people again, their email in one of three cases.
    const cases = [(e: string) => e, (e: string) => e.toUpperCase(), (e: string) => e[0].toUpperCase() + e.slice(1)];
    const emailOf = () => pick(cases)(next() < 0.5 ? `acak${++person}@contoh.id` : `orang${Math.floor(next() * 15)}@contoh.id`);
    const register = async () => {
      const ticket = pick(tickets);
      try {
        const r = await platform.register(ticket.event_id, {
          ticketId: ticket.id, quantity: 1 + Math.floor(next() * 3),
          participant: { name: `Peserta ${person}`, email: emailOf(), lastEducation: pick([...EDUCATION_LEVELS, undefined]), gender: pick([...GENDERS, undefined]) },
        }, new Date());
        sold.push({ transactionId: r.transactionId ?? null, registrantId: r.registrantId });
      } catch (err) {
        // A refusal (sold out, a per-person limit) writes nothing; anything else is a failure.
        if (!(err instanceof DomainError)) throw err;
      }
    };
    const refund = async () => {
      const s = pick(sold.filter((x) => x.transactionId));
      if (!s) return;
      await platform.refund(s.transactionId!).catch((err: unknown) => {
        if (!(err instanceof DomainError)) throw err; // refunded already: 409
      });
    };
    const checkIn = async () => {
      const s = pick(sold);
      if (s) await db.execute(sql`update registrants set checked_in_at = now() where id = ${s.registrantId}::uuid and checked_in_at is null and status = 'confirmed'`);
    };
    const undo = async () => {
      const s = pick(sold);
      if (s) await db.execute(sql`update registrants set checked_in_at = null where id = ${s.registrantId}::uuid`);
    };
    // Many rows of several tickets in one statement.
    const bulkCheckIn = async () => {
      await db.execute(sql`update registrants set checked_in_at = now() where checked_in_at is null and status = 'confirmed' and random() < 0.3`);
    };
    // A profile edited in place (no route does it today; a trigger must follow it anyway).
    const edit = async () => {
      const s = pick(sold);
      if (!s) return;
      const change = pick([
        sql`email = ${emailOf()}`, sql`last_education = ${pick([...EDUCATION_LEVELS, null])}`, sql`gender = ${pick([...GENDERS, null])}`,
      ]);
      await db.execute(sql`update registrants set ${change} where id = ${s.registrantId}::uuid`);
    };
    const withdrawal = async () => {
      const eventId = pick(eventIds.slice(0, 2));
      await ensureCoinAccount(db, eventId);
      const amount = 1000 * (1 + Math.floor(next() * 50));
      const [{ id }] = await rows<{ id: string }>(sql`select ${coinAccountIdOf(eventId)} as id`);
      await db.transaction(async (tx) => {
        await appendEntries(tx, [{ coinAccountId: id, eventId, kind: 'withdrawal_reserve', amount: -amount, createdAt: new Date() }]);
        if (next() < 0.5) await appendEntries(tx, [{ coinAccountId: id, eventId, kind: 'withdrawal_release', amount, createdAt: new Date() }]);
      });
    };
    // An event into draft and back, or deleted and restored (two statements, other operations
    // between them): the admin's event counts follow each.
    const eventFlip = async () => {
      const eventId = pick(eventIds);
      const flip = next() < 0.5
        ? sql`update events set is_draft = not is_draft where id = ${eventId}::uuid`
        : sql`update events set deleted_at = case when deleted_at is null then now() end where id = ${eventId}::uuid`;
      await db.execute(flip);
      await register();
      await db.execute(flip);
    };
    const compact = async () => {
      await compactCounters(db);
    };
    const ops: [number, () => Promise<void>][] = [[40, register], [10, refund], [15, checkIn], [8, undo], [2, bulkCheckIn], [5, edit], [8, withdrawal], [3, eventFlip], [5, compact]];
    const weight = ops.reduce((n, [w]) => n + w, 0);
    const op = () => {
      let r = next() * weight;
      for (const [w, f] of ops) if ((r -= w) < 0) return f;
      return register;
    };

    for (let batch = 0; batch < 40; batch++) {
      await Promise.all(Array.from({ length: 6 }, () => op()()));
      if (batch % 10 === 9) expect(await counted()).toEqual(await recomputed());
    }
    expect(sold.length).toBeGreaterThan(50);
    const facts = await recomputed();
    expect(facts.tickets.some((x) => (x as { checked_in: number }).checked_in > 0)).toBe(true);
    // The workload made what the audience counts must tell apart: one person with several current
    // registrations, and one both checked in and not.
    expect(facts.people.some((x) => (x as { registered: number }).registered > 1)).toBe(true);
    expect(facts.people.some((x) => { const p = x as { registered: number; checked_in: number }; return p.checked_in > 0 && p.registered > p.checked_in; })).toBe(true);
    expect(facts.breakdowns.some((x) => (x as { value: string | null }).value === null)).toBe(true);
    expect(await counted()).toEqual(facts);
    // What the routes answer, read off the counters, against the same facts.
    for (const eventId of eventIds) {
      const byGender = Object.fromEntries((await registrantsByProfile(db, eventId, 'gender')).filter((g) => g.n !== 0).map((g) => [String(g.key), g.n]));
      const genderFacts = await rows<{ key: string; n: number }>(sql`select coalesce(gender, 'null') key, count(*)::int n from registrants
        where event_id = ${eventId}::uuid and status = 'confirmed' group by 1`);
      expect(byGender).toEqual(Object.fromEntries(genderFacts.map((g) => [g.key, g.n])));
      for (const attendance of ['all', 'checkedIn', 'notCheckedIn'] as const) {
        const filter = attendance === 'all' ? sql`true` : attendance === 'checkedIn' ? sql`checked_in_at is not null` : sql`checked_in_at is null`;
        const [{ n }] = await rows<{ n: number }>(sql`select count(distinct lower(email))::int n from registrants
          where event_id = ${eventId}::uuid and status = 'confirmed' and ${filter}`);
        expect(await audienceOfEvent(db, eventId, attendance)).toBe(n);
      }
    }
    // Folded: one row per event and one for the platform, the same sums.
    await compactCounters(db);
    expect(await counted()).toEqual(await recomputed());
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int n from event_sales_counters group by event_id order by 1 desc limit 1`);
    expect(n).toBe(1);
    expect((await rows(sql`select 1 from platform_counters`)).length).toBe(1);
    const [{ m }] = await rows<{ m: number }>(sql`select count(*)::int m from event_audience_counters group by event_id order by 1 desc limit 1`);
    expect(m).toBe(1);
    const [{ b }] = await rows<{ b: number }>(sql`select count(*)::int b from event_breakdown_counters group by event_id, kind, value order by 1 desc limit 1`);
    expect(b).toBe(1);
  });
});
