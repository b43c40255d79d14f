import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, withDemoAt } from '../../test/migration/migrate-to.js';

/**
 * Migration 0015_checkins on real data: the previous release's demo database migrated
 * to 0013, a refund among its registrants, then to the end. The summary's counters start equal to a
 * count of the confirmed registrants (0051 made that refund's status `refunded`), and stay equal through inserts, check-ins, refunds and deletes (the
 * statement trigger on registrants).
 */
type Counts = { event_id: string; ticket_id: string; registered: number; checked_in: number };
const byHand = sql`
  select event_id, ticket_id, count(*) filter (where status = 'confirmed')::int registered,
    count(*) filter (where status = 'confirmed' and checked_in_at is not null)::int checked_in
  from registrants group by 1, 2 order by 1, 2`;
const counted = sql`
  select event_id, ticket_id, sum(registered)::int registered, sum(checked_in)::int checked_in
  from checkin_counters group by 1, 2 having sum(registered) <> 0 or sum(checked_in) <> 0 order by 1, 2`;

describe('0015_checkins on the demo database', () => {
  it('counts the registrants already there, then keeps counting', () => withDemoAt(13, async (own) => {
    await rows(own.database, sql`update registrants set cancelled_at = now() where id = (select id from registrants order by id limit 1)`);
    await own.database.migrate();
    const expected = await rows<Counts>(own.database, byHand);
    expect(expected.length).toBeGreaterThan(1);
    expect(await rows<Counts>(own.database, counted)).toEqual(expected.filter((c) => c.registered || c.checked_in));

    await rows(own.database, sql`update registrants set checked_in_at = now() where id in (select id from registrants order by id limit 5)`);
    await rows(own.database, sql`update registrants set status = 'refunded', cancelled_at = now() where id in (select id from registrants order by id desc limit 2)`);
    await rows(own.database, sql`insert into registrants (event_id, ticket_id, name, email) select event_id, ticket_id, 'Tangan', 'tangan@contoh.id' from registrants limit 3`);
    await rows(own.database, sql`update registrants set ticket_mailed_at = now()`);
    await rows(own.database, sql`delete from registrants where name = 'Tangan' and id = (select id from registrants where name = 'Tangan' limit 1)`);
    await rows(own.database, sql`update registrants set checked_in_at = null where id = (select id from registrants where checked_in_at is not null order by id limit 1)`);
    expect(await rows<Counts>(own.database, counted)).toEqual((await rows<Counts>(own.database, byHand)).filter((c) => c.registered || c.checked_in));
  }));
});
