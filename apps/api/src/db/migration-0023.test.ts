import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countersOf, factsOf } from '../../test/counters-check.js';
import { checkInSevenRefundOne, rows, withDemoAt } from '../../test/migration/migrate-to.js';

/**
 * Migration 0023_counters on real data: the previous release's demo database, with a
 * refund and check-ins, migrated to the end. The seats, sales, balances and the platform's totals
 * start equal to the facts, and stay equal through later statements.
 */
describe('0023_counters on the demo database', () => {
  it('fills the counters from the facts already there, then keeps them', () => withDemoAt(22, async (own) => {
    await checkInSevenRefundOne(own.database);
    await own.database.migrate();
    const db = own.database.db;
    const facts = await factsOf(db);
    expect(facts.events.length).toBeGreaterThan(0);
    expect(Number(facts.platform[0].participants)).toBeGreaterThan(100);
    expect(await countersOf(db)).toEqual(facts);

    await rows(own.database, sql`update transactions set status = 'refund' where id in (select id from transactions where status = 'confirmed' order by id desc limit 2)`);
    await rows(own.database, sql`update registrants set status = 'refunded', cancelled_at = now(), checked_in_at = null where id in (select id from registrants order by id desc limit 3)`);
    await rows(own.database, sql`select compact_counters()`);
    expect(await countersOf(db)).toEqual(await factsOf(db));
  }));
});
