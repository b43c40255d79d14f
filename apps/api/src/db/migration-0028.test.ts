import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countersOf, factsOf } from '../../test/counters-check.js';
import { rows, withDemoAt } from '../../test/migration/migrate-to.js';

/**
 * Migration 0028 (one trigger function per statement on registrants, doing what 0023's and 0025's
 * did) on real data: the previous release's demo database at 0027, with people registered again,
 * check-ins and a refund, migrated to the end. The old triggers and functions are gone, each
 * operation has one counters trigger, and the counters stay equal to the facts through inserts,
 * updates (one that moves no counter among them), deletes and compact_counters().
 */
describe('0028_merged_counter_triggers on the demo database', () => {
  it('keeps the counters with one trigger per operation', () => withDemoAt(27, async (own) => {
    await rows(own.database, sql`insert into registrants (event_id, ticket_id, name, email)
      select event_id, ticket_id, name || ' lagi', upper(email) from registrants where cancelled_at is null order by id limit 9`);
    await rows(own.database, sql`update registrants set checked_in_at = now() where id in (select id from registrants order by id limit 7)`);
    await own.database.migrate();
    const db = own.database.db;

    // Its counters' triggers (migration 0038 adds a name notice of its own).
    const triggers = await rows<{ tgname: string; proname: string }>(own.database, sql`select t.tgname, p.proname from pg_trigger t
      join pg_proc p on p.oid = t.tgfoid where t.tgrelid = 'registrants'::regclass and not t.tgisinternal and p.proname like '%counters%' order by 1`);
    expect(triggers).toEqual([
      { tgname: 'registrants_counters_delete', proname: 'registrants_counters_apply' },
      { tgname: 'registrants_counters_insert', proname: 'registrants_counters_apply' },
      { tgname: 'registrants_counters_update', proname: 'registrants_counters_apply' },
    ]);
    const old = await rows(own.database, sql`select proname from pg_proc where proname in ('checkin_counters_apply', 'audience_counters_apply')`);
    expect(old).toEqual([]);
    expect(await countersOf(db)).toEqual(await factsOf(db));

    // Registered again (upper case), checked in, refunded, changed in place, mailed, deleted.
    await rows(own.database, sql`insert into registrants (event_id, ticket_id, name, email, gender, quantity)
      select event_id, ticket_id, name || ' lagi lagi', upper(email), 'female', 2 from registrants where status = 'confirmed' order by id desc limit 5`);
    await rows(own.database, sql`update registrants set checked_in_at = now() where checked_in_at is null and status = 'confirmed' and id in (select id from registrants order by id desc limit 20)`);
    await rows(own.database, sql`update transactions set status = 'refund', refunded_at = now() where id = (select id from transactions order by id limit 1)`);
    await rows(own.database, sql`update registrants set status = 'refunded', cancelled_at = now() where transaction_id = (select id from transactions where status = 'refund' order by id limit 1)`);
    await rows(own.database, sql`update registrants set email = upper(email), gender = null, last_education = 'S1' where id in (select id from registrants order by id desc limit 4)`);
    const before = await countersOf(db);
    const written = await rows<{ n: string }>(own.database, sql`select (select count(*) from checkin_counters) + (select count(*) from platform_counters)
      + (select count(*) from organization_counters) + (select count(*) from event_breakdown_counters) + (select count(*) from event_audience_counters) as n`);
    await rows(own.database, sql`update registrants set ticket_mailed_at = now(), name = name || '.' where id in (select id from registrants order by id limit 30)`);
    const after = await rows<{ n: string }>(own.database, sql`select (select count(*) from checkin_counters) + (select count(*) from platform_counters)
      + (select count(*) from organization_counters) + (select count(*) from event_breakdown_counters) + (select count(*) from event_audience_counters) as n`);
    expect(after).toEqual(written);
    expect(await countersOf(db)).toEqual(before);
    await rows(own.database, sql`delete from registrant_answers where registrant_id in (select id from registrants where name like '% lagi lagi')`);
    await rows(own.database, sql`delete from registrants where name like '% lagi lagi' and id in (select id from registrants where name like '% lagi lagi' order by id limit 3)`);
    expect(await countersOf(db)).toEqual(await factsOf(db));
    await rows(own.database, sql`select compact_counters()`);
    expect(await countersOf(db)).toEqual(await factsOf(db));
  }));
});
