import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countersOf, factsOf } from '../../test/counters-check.js';
import { checkInSevenRefundOne, rows, withDemoAt } from '../../test/migration/migrate-to.js';

/**
 * 0051_registrant_status on the previous release's demo database with check-ins and a refund made
 * at 0050: every registration cancelled so far (only refunds did that) becomes `refunded`, the
 * others `confirmed`; no counter moves, and they equal the facts read by status. A refund after
 * it (status with cancelled_at) takes the person out of every counter.
 */
describe('0051_registrant_status on the demo database', () => {
  it('marks the refunded ones refunded and keeps every counter', () => withDemoAt(50, async (own) => {
    await checkInSevenRefundOne(own.database);
    const db = own.database.db;
    const before = await countersOf(db);
    await own.database.migrate();

    const statuses = await rows<{ status: string; cancelled: boolean; n: number }>(own.database, sql`
      select status, cancelled_at is not null as cancelled, count(*)::int as n from registrants group by 1, 2 order by 1, 2`);
    expect(statuses.map(({ status, cancelled }) => [status, cancelled])).toEqual([['confirmed', false], ['refunded', true]]);
    expect(await countersOf(db)).toEqual(before);
    expect(await countersOf(db)).toEqual(await factsOf(db));

    await rows(own.database, sql`update transactions set status = 'refund', refunded_at = now() where id = (
      select id from transactions where status = 'confirmed' order by id limit 1)`);
    await rows(own.database, sql`update registrants set status = 'refunded', cancelled_at = now() where transaction_id = (
      select id from transactions where status = 'refund' order by refunded_at desc, id limit 1)`);
    expect(await countersOf(db)).not.toEqual(before);
    expect(await countersOf(db)).toEqual(await factsOf(db));
    await expect(rows(own.database, sql`update registrants set status = 'gone' where id = (select id from registrants limit 1)`))
      .rejects.toMatchObject({ cause: { constraint: 'registrants_status_ck' } });
  }));
});
