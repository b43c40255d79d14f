import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { countersOf, factsOf } from '../../../test/counters-check.js';
import { createEvent, createUsers, simpleEvent } from '../../../test/fixtures.js';
import { seededRandom } from '../../seed/random.js';
import { countByGroup } from './events.repository.js';

/**
 * The admin's groups (overview totals and the event lists' totals) come from the counters: drafts
 * and published (0023), the passed ones by the UTC day of their last date (0034) plus today's
 * counted off the index. After a random workload of event writes (publishing, moving the last
 * date across days and across today, deleting, restoring, several rows a statement, a row deleted
 * outright) the day counters equal the events they count, before and after compact_counters(), and
 * every total equals the one counted from the events, at instants all through today.
 */
let t: TestApp;
let admin: string;
const ids: string[] = [];
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

beforeAll(async () => {
  t = await createTestApp();
  const users = await createUsers(t.database.db);
  for (let i = 0; i < 24; i++) ids.push(await createEvent(t.database.db, users.org1, simpleEvent(`Acara ${i}`, { days: (i % 7) - 3, draft: i % 5 === 0 })));
  admin = (await tokenFor(t.app, 'admin@demo.id')).token;
});
afterAll(() => t.close());

const run = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

/** What the groups are, counted from the events at `now`. */
async function counted(now: Date) {
  const [row] = (await run(sql`select
      count(*) filter (where is_draft)::int draft,
      count(*) filter (where not is_draft and (last_event_at is null or last_event_at >= ${now.toISOString()}::timestamptz))::int active,
      count(*) filter (where not is_draft and last_event_at < ${now.toISOString()}::timestamptz)::int passed
    from events where deleted_at is null`) as unknown as { rows: { draft: number; active: number; passed: number }[] }).rows;
  return row;
}

/** Last dates away from the real clock by at least two minutes, so the API's `now` sees the same groups. */
const lastDate = (r: () => number) => {
  const minutes = Math.round((r() * 6 - 3) * DAY / MIN);
  return new Date(Date.now() + (Math.abs(minutes) < 2 ? 5 : minutes) * MIN).toISOString();
};

describe('the platform\'s event groups from the counters', () => {
  it('equal the events after a random workload, all through today, before and after compaction', async () => {
    const { next: r, pick: pickOf } = seededRandom(20);
    const pick = () => pickOf(ids);
    for (let step = 0; step < 80; step++) {
      const op = r();
      if (op < 0.35) await run(sql`update events set last_event_at = ${lastDate(r)}::timestamptz where id = ${pick()}::uuid`);
      else if (op < 0.5) await run(sql`update events set is_draft = not is_draft where id = ${pick()}::uuid`);
      else if (op < 0.6) await run(sql`update events set deleted_at = now() where id = ${pick()}::uuid`);
      else if (op < 0.7) await run(sql`update events set deleted_at = null where id = ${pick()}::uuid`);
      else if (op < 0.8) await run(sql`update events set last_event_at = null where id = ${pick()}::uuid`);
      else if (op < 0.9) {
        // Several rows in one statement, across days.
        await run(sql`update events set last_event_at = last_event_at + interval '1 day' where id in (${pick()}::uuid, ${pick()}::uuid, ${pick()}::uuid)`);
      } else await run(sql`update events set name = name || '.' where id = ${pick()}::uuid`);
      if (step % 20 === 19) expect((await countersOf(t.database.db)).endDays).toEqual((await factsOf(t.database.db)).endDays);
    }
    // An event inserted and deleted outright (the app only ever soft-deletes).
    await run(sql`create temp table copied as select * from events where id = ${ids[1]}::uuid`);
    await run(sql`update copied set id = gen_random_uuid(), is_draft = false, deleted_at = null, last_event_at = now() - interval '3 days'`);
    await run(sql`insert into events select * from copied`);
    expect((await countersOf(t.database.db)).endDays).toEqual((await factsOf(t.database.db)).endDays);
    await run(sql`delete from events where id = (select id from copied)`);
    await run(sql`drop table copied`);

    // Last dates on both sides of midnight UTC: the day counters end there and today's index range begins.
    const start = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`).getTime();
    for (const [i, at] of [start - 1, start, start + 30_000, start + 1].entries()) {
      await run(sql`update events set last_event_at = ${new Date(at).toISOString()}::timestamptz, is_draft = false, deleted_at = null where id = ${ids[i + 2]}::uuid`);
    }
    const facts = (await factsOf(t.database.db)).endDays;
    expect(facts.length).toBeGreaterThan(3);
    expect((await countersOf(t.database.db)).endDays).toEqual(facts);

    const check = async () => {
      const instants = [Date.now(), start, start + 1, start + 2, start + 30_001, start + DAY - 1, start - 1, Date.now() - 2 * DAY, Date.now() + 2 * DAY].map((ms) => new Date(ms));
      for (const now of instants) expect(await countByGroup(t.database.db, {}, now), now.toISOString()).toEqual(await counted(now));
      const now = await counted(new Date());
      const total = async (url: string) => {
        const res = await call(t.app, { method: 'GET', url, token: admin });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data.totalDocs;
      };
      expect(await total('/v1/events/lists')).toBe(now.active);
      expect(await total('/v1/events/lists?showConcludedEvent=true')).toBe(now.passed);
      expect(await total('/v1/events/draft/lists')).toBe(now.draft);
      expect((await call(t.app, { method: 'GET', url: '/v1/events/total', token: admin })).body.data).toEqual(now);
    };
    await check();
    const rowsBefore = (await run(sql`select count(*)::int n from event_end_day_counters`) as unknown as { rows: { n: number }[] }).rows[0].n;
    await run(sql`select compact_counters()`);
    const perDay = (await run(sql`select day, count(*)::int n from event_end_day_counters group by 1 having count(*) > 1 or sum(published) = 0`) as unknown as { rows: unknown[] }).rows;
    expect(perDay).toEqual([]);
    const rowsAfter = (await run(sql`select count(*)::int n from event_end_day_counters`) as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(rowsAfter).toBe(facts.length);
    expect(rowsAfter).toBeLessThan(rowsBefore);
    expect((await countersOf(t.database.db)).endDays).toEqual(facts);
    await check();
  });
});
