import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countersOf, factsOf } from '../../test/counters-check.js';
import { checkInSevenRefundOne, rows, withDemoAt } from '../../test/migration/migrate-to.js';

/**
 * Migration 0025 (breakdown and audience counters) on real data: the previous release's demo
 * database at 0024, with people registered again under their email in upper case, profiles left
 * blank, check-ins and a refund, migrated to the end. The groups, each event's people and its
 * distinct audience counts start equal to the facts, and stay equal through later statements.
 */
describe('0025_breakdown_counters on the demo database', () => {
  it('fills the counters from the facts already there, then keeps them', () => withDemoAt(24, async (own) => {
    // The same people again, on the same ticket, their email in upper case and no profile.
    await rows(own.database, sql`insert into registrants (event_id, ticket_id, name, email)
      select event_id, ticket_id, name || ' lagi', upper(email) from registrants where cancelled_at is null order by id limit 9`);
    await checkInSevenRefundOne(own.database);
    await own.database.migrate();
    const db = own.database.db;
    const facts = await factsOf(db);
    expect(facts.people.some((p) => (p as { registered: number }).registered > 1)).toBe(true);
    expect(facts.breakdowns.some((b) => (b as { value: string | null }).value === null)).toBe(true);
    expect(facts.audience.length).toBeGreaterThan(0);
    expect(await countersOf(db)).toEqual(facts);

    await rows(own.database, sql`update registrants set email = upper(email), gender = null where id in (select id from registrants order by id desc limit 4)`);
    await rows(own.database, sql`update registrants set status = 'refunded', cancelled_at = now(), checked_in_at = null where id in (select id from registrants order by id limit 3)`);
    await rows(own.database, sql`update registrants set checked_in_at = now() where checked_in_at is null and status = 'confirmed' and id in (select id from registrants order by id desc limit 20)`);
    await rows(own.database, sql`select compact_counters()`);
    expect(await countersOf(db)).toEqual(await factsOf(db));
  }));
});
