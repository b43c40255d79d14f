import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { createEvent, createUsers, simpleEvent } from '../../../test/fixtures.js';

let t: TestApp;
let org1: string;
let org2: string;
let admin: string;

/** organizer: 12 active (3 paid), 2 drafts, 2 past; organizer2: 1 active named like organizer's. */
beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const ids = await createUsers(db);
  const base = Date.now() - 100 * 60_000;
  for (let i = 0; i < 12; i++) {
    await createEvent(db, ids.org1, simpleEvent(`Lomba Debat ${String(i).padStart(2, '0')}`, { days: 5 + i, price: i < 3 ? 50000 : 0 }), new Date(base + i * 60_000));
  }
  await createEvent(db, ids.org1, simpleEvent('Draf Seminar', { days: 9, draft: true }));
  await createEvent(db, ids.org1, simpleEvent('Draf 100% Seru_', { days: 9, draft: true }));
  await createEvent(db, ids.org1, simpleEvent('Webinar Lalu', { days: -3 }));
  await createEvent(db, ids.org1, simpleEvent('Kelas Lalu', { days: -30 }));
  await createEvent(db, ids.org2, simpleEvent('Lomba Debat Org2', { days: 4 }));
  org1 = (await tokenFor(t.app, 'organizer@demo.id')).token;
  org2 = (await tokenFor(t.app, 'organizer2@demo.id')).token;
  admin = (await tokenFor(t.app, 'admin@demo.id')).token;
});
afterAll(() => t.close());

const list = (token: string, url: string) => call(t.app, { method: 'GET', url, token });
const names = (body: { data: { docs: { name: string }[] } }) => body.data.docs.map((d) => d.name);

describe('GET /v1/events/lists', () => {
  it('pages the active events, newest first, 10 a page', async () => {
    const p1 = await list(org1, '/v1/events/lists');
    expect(p1.status).toBe(200);
    expect(p1.body.data).toMatchObject({ page: 1, limit: 10, totalDocs: 12, totalPages: 2 });
    expect(names(p1.body)[0]).toBe('Lomba Debat 11');
    expect(p1.body.data.docs[0]).toEqual({
      id: expect.any(String), name: 'Lomba Debat 11', type: 'Lomba', isPaidEvent: false,
      createdAt: expect.any(String), updatedAt: expect.any(String), approvedStatus: 'approved', email: 'organizer@demo.id',
    });
    const p2 = await list(org1, '/v1/events/lists?page=2');
    expect(names(p2.body)).toEqual(['Lomba Debat 01', 'Lomba Debat 00']);
    const asc = await list(org1, '/v1/events/lists?sortBy=asc&sortParam=name&limit=3');
    expect(names(asc.body)).toEqual(['Lomba Debat 00', 'Lomba Debat 01', 'Lomba Debat 02']);
  });

  it('history holds published events whose last date has passed', async () => {
    const res = await list(org1, '/v1/events/lists?showConcludedEvent=true');
    expect(names(res.body).sort()).toEqual(['Kelas Lalu', 'Webinar Lalu']);
  });

  it('the certificate event search sends the name as its own parameter (spec section 7)', async () => {
    const res = await list(org1, '/v1/events/lists?sortParam=createdAt&limit=10&sortBy=desc&page=1&name=webinar&showConcludedEvent=true&creatorEmail=organizer%40demo.id');
    expect(names(res.body)).toEqual(['Webinar Lalu']);
  });

  it('filters by name (case-insensitive substring, literal % and _) and by paid', async () => {
    const byName = await list(org1, `/v1/events/lists?filters=${encodeURIComponent(JSON.stringify({ name: 'debat 0' }))}`);
    expect(byName.body.data.totalDocs).toBe(10);
    const paid = await list(org1, `/v1/events/lists?filters=${encodeURIComponent(JSON.stringify({ isPaidEvent: true }))}`);
    expect(paid.body.data.totalDocs).toBe(3);
    const literal = await list(org1, `/v1/events/draft/lists?filters=${encodeURIComponent(JSON.stringify({ name: '100% seru_' }))}`);
    expect(names(literal.body)).toEqual(['Draf 100% Seru_']);
    const wildcard = await list(org1, `/v1/events/draft/lists?filters=${encodeURIComponent(JSON.stringify({ name: '%' }))}`);
    expect(names(wildcard.body)).toEqual(['Draf 100% Seru_']);
  });

  it('refuses malformed paging and filters with 400', async () => {
    for (const q of ['limit=101', 'page=0', 'sortParam=password', 'sortBy=up', 'filters=notjson', `filters=${encodeURIComponent('{"creatorId":"x"}')}`]) {
      const res = await list(org1, `/v1/events/lists?${q}`);
      expect(res.status, q).toBe(400);
    }
  });
});

describe('GET /v1/events/draft/lists', () => {
  it('lists the drafts only', async () => {
    const res = await list(org1, '/v1/events/draft/lists');
    expect(names(res.body).sort()).toEqual(['Draf 100% Seru_', 'Draf Seminar']);
  });
});

describe('list scoping', () => {
  it('an organizer sees only their own events, whatever the query says', async () => {
    expect(names((await list(org2, '/v1/events/lists')).body)).toEqual(['Lomba Debat Org2']);
    expect((await list(org2, '/v1/events/lists?creatorEmail=organizer@demo.id')).body.data.totalDocs).toBe(0);
    expect((await list(org2, '/v1/events/draft/lists?creator=organizer@demo.id')).body.data.totalDocs).toBe(0);
    expect((await list(org1, '/v1/events/lists?creatorEmail=ORGANIZER@demo.id')).body.data.totalDocs).toBe(12);
  });

  it('a globalAdmin sees all, and creatorEmail narrows', async () => {
    expect((await list(admin, '/v1/events/lists')).body.data.totalDocs).toBe(13);
    expect((await list(admin, '/v1/events/lists?creatorEmail=organizer2@demo.id')).body.data.totalDocs).toBe(1);
  });

  it('an event without a last date is active, and counted so (the total adds the two ranges)', async () => {
    await t.database.db.execute(sql`update events set last_event_at = null where name = 'Lomba Debat Org2'`);
    try {
      const res = (await list(admin, '/v1/events/lists?limit=100')).body.data;
      expect([res.totalDocs, res.docs.length, res.docs.some((d: { name: string }) => d.name === 'Lomba Debat Org2')]).toEqual([13, 13, true]);
      expect((await list(admin, '/v1/events/lists?limit=5&page=3')).body.data.totalDocs).toBe(13);
      expect((await list(admin, '/v1/events/lists?showConcludedEvent=true')).body.data.totalDocs).toBe(2);
    } finally {
      await t.database.db.execute(sql`update events set last_event_at = now() + interval '4 days' where name = 'Lomba Debat Org2'`);
    }
  });

  it("the admin's pages (ids first, then their rows) hold each group's events in the list's order", async () => {
    const all = async (token: string, url: string) => (await list(token, `${url}${url.includes('?') ? '&' : '?'}limit=100`)).body.data.docs as { id: string; name: string; email: string }[];
    for (const url of ['/v1/events/lists', '/v1/events/lists?showConcludedEvent=true', '/v1/events/draft/lists']) {
      for (const order of ['sortParam=createdAt&sortBy=desc', 'sortParam=createdAt&sortBy=asc', 'sortParam=name&sortBy=asc', 'sortParam=updatedAt&sortBy=desc']) {
        const q = `${url}${url.includes('?') ? '&' : '?'}${order}`;
        const mine = await all(org1, q);
        const everyone = await all(admin, q);
        // The admin's list is the organizations' lists merged in the same order.
        expect(everyone.filter((d) => d.email === 'organizer@demo.id'), q).toEqual(mine);
        expect(everyone.length, q).toBe(mine.length + (await all(org2, q)).length);
        // Paged by three, the pages are that list cut in threes, each with the full total.
        const page2 = (await list(admin, `${q}&limit=3&page=2`)).body.data;
        expect(page2.docs, q).toEqual(everyone.slice(3, 6));
        expect(page2.totalDocs, q).toBe(everyone.length);
      }
    }
    const byCreator = await list(admin, '/v1/events/lists?creatorEmail=ORGANIZER@demo.id&limit=5&page=3');
    expect([names(byCreator.body), byCreator.body.data.totalDocs]).toEqual([['Lomba Debat 01', 'Lomba Debat 00'], 12]);
  });
});
