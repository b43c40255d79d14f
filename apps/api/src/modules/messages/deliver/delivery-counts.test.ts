import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.js';
import { seededRandom } from '../../../seed/random.js';
import { call, createTestApp, tokenFor, type TestApp } from '../../../../test/harness.js';
import { createEvent, createUsers, simpleEvent } from '../../../../test/fixtures.js';
import { countersOf, factsOf } from '../../../../test/counters-check.js';
import { bulkAudience } from '../../../../test/message-world.js';
import { insertMessage } from '../messages.repository.js';
import { address, markFailed, markRetry, markSent, nextBatch } from './deliver.repository.js';

/**
 * A message's deliveries by status, kept on its row by migration 0037's triggers, against the
 * deliveries themselves after a random workload: three messages addressed to 120 registrants each
 * (some opted out), batches sent, failures, bounces, retries, refunded registrants skipped, and
 * deliveries deleted and updated by plain statements across messages, in concurrent batches (on
 * PostgreSQL each its own transaction on its own connection). The history answers the same counts.
 */
let t: TestApp;
let db: Db;
let eventId: string;
let organizationId: string;
const messageIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const ids = await createUsers(db);
  eventId = await createEvent(db, ids.org1, simpleEvent('Konser Pesan', { days: 10 }));
  organizationId = ((await db.execute(sql`select organization_id from events where id = ${eventId}::uuid`)) as unknown as { rows: { organization_id: string }[] }).rows[0].organization_id;
  await bulkAudience(db, eventId, 120, 'hitung');
  await db.execute(sql`insert into message_optouts (organization_id, email) select ${organizationId}::uuid, 'hitung' || g || '@contoh.id' from generate_series(1, 120, 17) g`);
  for (const subject of ['Satu', 'Dua', 'Tiga']) {
    const m = { eventId, organizationId, kind: 'announcement' as const, audience: { attendance: 'all' as const } };
    const id = await insertMessage(db, { ...m, subject, body: 'Halo', status: 'scheduled', sendAt: new Date(), createdBy: null, recipients: 120 });
    await db.transaction((tx) => address(tx, { id, ...m }));
    messageIds.push(id);
  }
});
afterAll(() => t.close());

describe('delivery counts kept on the message', () => {
  it('equal the deliveries recomputed after a random concurrent workload, and the history shows them', async () => {
    const { next, pick } = seededRandom(20261128);
    const steps: (() => Promise<unknown>)[] = [];
    for (let i = 0; i < 60; i++) {
      const messageId = pick(messageIds);
      const r = next();
      if (r < 0.35) {
        steps.push(async () => {
          const batch = await nextBatch(db, messageId, 1 + Math.floor(next() * 8));
          if (batch.length) await markSent(db, batch.map((d) => d.id));
        });
      } else if (r < 0.5) {
        steps.push(async () => {
          const [d] = await nextBatch(db, messageId, 1);
          if (d) await markFailed(db, d.id, 'ditolak', pick(['failed', 'bounced'] as const));
        });
      } else if (r < 0.6) {
        steps.push(async () => {
          const [d] = await nextBatch(db, messageId, 1);
          if (d) await markRetry(db, d.id, 'nanti', 0);
        });
      } else if (r < 0.7) {
        // A sent delivery bounces later.
        steps.push(() => db.execute(sql`update message_deliveries set status = 'bounced' where id = (
          select id from message_deliveries where message_id = ${messageId}::uuid and status = 'sent' order by id limit 1)`));
      } else if (r < 0.8) {
        // Refunded registrants: their queued deliveries are skipped as they come up (nextBatch).
        steps.push(async () => {
          await db.execute(sql`update registrants set status = 'refunded', cancelled_at = now() where id in (
            select registrant_id from message_deliveries where message_id = ${messageId}::uuid and status = 'queued' order by id limit 2)`);
          await nextBatch(db, messageId, 3);
        });
      } else if (r < 0.9) {
        // One statement across every message.
        steps.push(() => db.execute(sql`update message_deliveries set status = case status when 'failed' then 'queued' else 'failed' end
          where status in ('failed', 'sent') and email like ${`hitung${Math.floor(next() * 9) + 1}%`}`));
      } else {
        steps.push(() => db.execute(sql`delete from message_deliveries where id in (
          select id from message_deliveries where message_id = ${messageId}::uuid order by email desc limit 2)`));
      }
    }
    for (let i = 0; i < steps.length; i += 6) await Promise.all(steps.slice(i, i + 6).map((step) => step()));

    const facts = (await factsOf(db)).deliveries;
    expect(facts.length).toBe(3);
    expect((await countersOf(db)).deliveries).toEqual(facts);

    const { token } = await tokenFor(t.app, 'organizer@demo.id');
    for (const fact of facts as { id: string; queued: number; sent: number; failed: number; bounced: number }[]) {
      const res = await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/messages/${fact.id}`, token });
      expect(res.status).toBe(200);
      expect(res.body.data.result.counts).toEqual({ queued: fact.queued, sent: fact.sent, failed: fact.failed, bounced: fact.bounced });
    }
  });
});
