import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countersOf, factsOf } from '../../test/counters-check.js';
import { rows, withDemoAt } from '../../test/migration/migrate-to.js';

/**
 * 0037_message_delivery_counts on a database with messages already sent: the previous release's
 * demo database given two messages and their deliveries in every status, migrated to the end.
 * Each message's counts start equal to its deliveries, and stay equal through later statements.
 */
describe('0037_message_delivery_counts', () => {
  it('fills the counts from the deliveries already there, then keeps them', () => withDemoAt(36, async (own) => {
    for (const subject of ['Satu', 'Dua']) {
      await rows(own.database, sql`
        with m as (
          insert into messages (event_id, organization_id, kind, subject, body, audience, status, send_at, recipients, addressed_at)
          select e.id, e.organization_id, 'announcement', ${subject}, 'Halo', '{"attendance":"all"}', 'sending', now(), 0, now()
          from events e where exists (select 1 from registrants r where r.event_id = e.id) order by e.id limit 1 returning id, event_id)
        insert into message_deliveries (message_id, registrant_id, email, status)
        select m.id, r.id, r.id::text || '@contoh.id', (array['queued', 'sent', 'failed', 'bounced', 'skipped'])[1 + (row_number() over (order by r.id)) % 5]
        from m join registrants r on r.event_id = m.event_id`);
    }
    await own.database.migrate();
    const db = own.database.db;
    const facts = await factsOf(db);
    expect(facts.deliveries.length).toBe(2);
    expect(await countersOf(db)).toEqual(facts);

    await rows(own.database, sql`update message_deliveries set status = 'sent' where status = 'queued'`);
    await rows(own.database, sql`delete from message_deliveries where status = 'bounced' and id in (select id from message_deliveries order by id limit 5)`);
    expect((await countersOf(db)).deliveries).toEqual((await factsOf(db)).deliveries);
  }));
});
