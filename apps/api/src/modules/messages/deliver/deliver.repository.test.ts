import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageDeliveries, messages, registrants } from '../../../db/schema/index.js';
import { freshDatabase } from '../../../../test/harness.js';
import { createEvent, createUsers, PlatformService, registerMany, simpleEvent } from '../../../../test/fixtures.js';
import { address, markSent, messageForSending, nextBatch } from './deliver.repository.js';

/**
 * The sender's queue: a registrant refunded or cancelled after the message was addressed is
 * skipped as their delivery comes up, also when a whole batch is such registrants; a batch's
 * sent deliveries are recorded in one statement and never come up again.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
}, 60_000);
afterAll(() => database?.close());

describe('the delivery queue', () => {
  it('skips a registrant refunded or cancelled since addressing, even a batch of only them, each with its status; sent ones are done', async () => {
    const { db } = database;
    const { org1 } = await createUsers(db);
    const eventId = await createEvent(db, org1, simpleEvent('Antrian Kirim', { days: 10, price: 20_000 }));
    const people = await registerMany(db, eventId, 4, new Date(Date.now() - 86_400_000), 'antri');
    const event = await db.query.events.findFirst({ where: (e, { eq: x }) => x(e.id, eventId) });
    const [row] = await db.insert(messages).values({
      eventId, organizationId: event!.organizationId, kind: 'announcement', subject: 'Halo', body: 'x', audience: { attendance: 'all' }, status: 'sending', sendAt: new Date(),
    }).returning({ id: messages.id });
    const m = (await messageForSending(db, row!.id))!;
    await db.transaction((tx) => address(tx, m));
    const queue = await db.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, m.id)).orderBy(asc(messageDeliveries.id));
    expect(queue).toHaveLength(4);
    // The first in the queue's order is refunded after addressing: a batch of one holds only them.
    const platform = new PlatformService(db);
    await platform.refund(people.find((p) => p.registrantId === queue[0]!.registrantId)!.transactionId!);

    const first = await nextBatch(db, m.id, 1);
    expect(first.map((d) => d.id)).toEqual([queue[1]!.id]);
    expect(first[0]).not.toHaveProperty('registrantStatus');
    await markSent(db, first.map((d) => d.id));
    // The third cancels (the seats' own cancellation, written here as its status).
    await db.update(registrants).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(registrants.id, queue[2]!.registrantId!));
    const rest = await nextBatch(db, m.id, 10);
    expect(rest.map((d) => d.id)).toEqual([queue[3]!.id]);
    await markSent(db, rest.map((d) => d.id));
    expect(await nextBatch(db, m.id, 10)).toEqual([]);

    const after = await db.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, m.id)).orderBy(asc(messageDeliveries.id));
    expect(after.map((d) => [d.status, d.attempts, d.error])).toEqual([['skipped', 0, 'refunded'], ['sent', 1, null], ['skipped', 0, 'cancelled'], ['sent', 1, null]]);
  });
});
