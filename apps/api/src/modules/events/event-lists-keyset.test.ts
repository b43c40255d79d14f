import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, tokenFor, type TestApp } from '../../../test/harness.js';
import { createEvent, createUsers, simpleEvent } from '../../../test/fixtures.js';
import { expectCursorWalkMatchesPages } from '../../../test/keyset-walk.js';

let t: TestApp;
let org1: string;
let admin: string;

/** 14 active events over two organizers: three to a created_at and updated_at, three names between them; one past, one draft. */
beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const ids = await createUsers(db);
  const at = new Date('2026-11-01T00:00:00.123Z');
  for (let i = 0; i < 14; i++) {
    await createEvent(db, i % 4 === 3 ? ids.org2 : ids.org1, simpleEvent(`Lomba Sama ${i % 3}`, { days: 5 + i }), at);
  }
  await createEvent(db, ids.org1, simpleEvent('Webinar Lalu', { days: -3 }));
  await createEvent(db, ids.org1, simpleEvent('Draf Seminar', { days: 9, draft: true }));
  // Microseconds a JS Date would drop: the cursor must carry them.
  await db.execute(sql`update events set created_at = created_at + (floor(extract(epoch from last_event_at) / 86400)::int % 5) * interval '1.000001 second',
    updated_at = created_at + (floor(extract(epoch from last_event_at) / 86400)::int % 4) * interval '1.000001 second'`);
  org1 = (await tokenFor(t.app, 'organizer@demo.id')).token;
  admin = (await tokenFor(t.app, 'admin@demo.id')).token;
});
afterAll(() => t.close());

const list = (token: string, query: Record<string, string>) => call(t.app, { method: 'GET', url: `/v1/events/lists?${new URLSearchParams(query)}`, token });

describe('GET /v1/events/lists after a cursor', () => {
  for (const sortParam of ['createdAt', 'updatedAt', 'name']) {
    for (const sortBy of ['desc', 'asc']) {
      it(`answers the rows of the offset pages, ties included, for the admin and an organizer (${sortParam} ${sortBy})`, async () => {
        await expectCursorWalkMatchesPages((q) => list(admin, { ...q, sortParam, sortBy }), 3);
        await expectCursorWalkMatchesPages((q) => list(org1, { ...q, sortParam, sortBy }), 2);
      });
    }
  }

  it('pages a name search the same way, and counts the admin list apart', async () => {
    await expectCursorWalkMatchesPages((q) => list(admin, { ...q, filters: JSON.stringify({ name: 'sama 1' }) }), 2);
    expect((await list(admin, { limit: '3' })).body.data).toMatchObject({ totalDocs: 14, totalPages: 5 });
    expect((await list(admin, { limit: '3', page: '6' })).body.data).toMatchObject({ docs: [], totalDocs: 14, nextCursor: null });
    expect((await list(admin, { limit: '3', showConcludedEvent: 'true' })).body.data).toMatchObject({ totalDocs: 1, nextCursor: null });
  });

  it('refuses a cursor made for another order with 400', async () => {
    const byName = (await list(admin, { limit: '3', sortParam: 'name' })).body.data.nextCursor;
    expect((await list(admin, { limit: '3', after: byName })).status).toBe(400);
    expect((await list(admin, { limit: '3', after: 'nonsense' })).status).toBe(400);
  });
});
