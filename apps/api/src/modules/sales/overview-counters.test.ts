import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { createEvent, createUsers, PlatformService, registerMany, simpleEvent } from '../../../test/fixtures.js';

let t: TestApp;
const DAY = 86_400_000;

/**
 * organizer: 2 active (one paid with 3 sales and 1 refund, one free with 4), 1 draft, 1 passed (paid, 2 sales).
 * organizer2: 1 active paid with 5 sales; 1 deleted event that counts nowhere.
 */
beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const ids = await createUsers(db);
  const now = new Date();
  const paid = await createEvent(db, ids.org1, simpleEvent('Lomba A', { days: 10, price: 50000, quota: 100 }));
  const free = await createEvent(db, ids.org1, simpleEvent('Webinar B', { days: 3 }));
  await createEvent(db, ids.org1, simpleEvent('Draf C', { days: 20, draft: true }));
  const past = await createEvent(db, ids.org1, simpleEvent('Lalu D', { days: -5, price: 25000 }));
  const other = await createEvent(db, ids.org2, simpleEvent('Milik Org2', { days: 7, price: 100000 }));
  const deleted = await createEvent(db, ids.org2, simpleEvent('Dihapus', { days: 7 }));
  const { events } = await import('../../db/schema/index.js');
  const { eq } = await import('drizzle-orm');
  await db.update(events).set({ deletedAt: now }).where(eq(events.id, deleted));

  const sold = await registerMany(db, paid, 3, now, 'a');
  await new PlatformService(db).refund(sold[0].transactionId!);
  await registerMany(db, paid, 1, now, 'b');
  await registerMany(db, free, 4, now, 'c');
  await registerMany(db, past, 2, new Date(now.getTime() - 8 * DAY), 'd');
  await registerMany(db, other, 5, now, 'e');
});
afterAll(() => t.close());

describe('overview numbers are scoped to the caller by the server', () => {
  it('GET v1/events/total counts active, draft and passed of the organizer only', async () => {
    const { token } = await tokenFor(t.app, 'organizer@demo.id');
    const res = await call(t.app, { method: 'GET', url: '/v1/events/total', token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { active: 2, draft: 1, passed: 1 } });
    const other = await tokenFor(t.app, 'organizer2@demo.id');
    expect((await call(t.app, { method: 'GET', url: '/v1/events/total', token: other.token })).body.data).toEqual({ active: 1, draft: 0, passed: 0 });
  });

  it('GET v1/transactions/eo/summary sums confirmed sales, refunds excluded', async () => {
    const { token } = await tokenFor(t.app, 'organizer@demo.id');
    const res = await call(t.app, { method: 'GET', url: '/v1/transactions/eo/summary', token });
    expect(res.status).toBe(200);
    // 3 paid Lomba A (one refunded) = 3 x 50.000, Lalu D 2 x 25.000.
    expect(res.body.data.result).toEqual({ totalTicket: 5, totalSales: 3 * 50000 + 2 * 25000, totalParticipant: 9 });
    const other = await tokenFor(t.app, 'organizer2@demo.id');
    const res2 = await call(t.app, { method: 'GET', url: '/v1/transactions/eo/summary', token: other.token });
    expect(res2.body.data.result).toEqual({ totalTicket: 5, totalSales: 500000, totalParticipant: 5 });
  });

  it('query parameters cannot widen the scope', async () => {
    const { token } = await tokenFor(t.app, 'organizer2@demo.id');
    for (const q of ['creatorEmail=organizer@demo.id', 'creator=organizer@demo.id', 'userId=anything', 'eventCreator=organizer@demo.id']) {
      expect((await call(t.app, { method: 'GET', url: `/v1/events/total?${q}`, token })).body.data).toEqual({ active: 1, draft: 0, passed: 0 });
      expect((await call(t.app, { method: 'GET', url: `/v1/transactions/eo/summary?${q}`, token })).body.data.result.totalSales).toBe(500000);
    }
  });

  it('a globalAdmin sees the whole platform', async () => {
    const { token } = await tokenFor(t.app, 'admin@demo.id');
    expect((await call(t.app, { method: 'GET', url: '/v1/events/total', token })).body.data).toEqual({ active: 3, draft: 1, passed: 1 });
    expect((await call(t.app, { method: 'GET', url: '/v1/transactions/eo/summary', token })).body.data.result).toEqual({
      totalTicket: 10, totalSales: 700000, totalParticipant: 14,
    });
  });
});
