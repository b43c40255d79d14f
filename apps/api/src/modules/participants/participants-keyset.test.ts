import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CURSOR_INVALID, encodeCursor, PARTICIPANT_EMAIL_PATTERN } from '@eo/contract';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { expectCursorWalkMatchesPages } from '../../../test/keyset-walk.js';
import { questionEvent } from './participants.fixture.js';
import { searchFound } from './participants.repository.js';

let t: TestApp;
let org1: string;
let eventId: string;

/** 23 current registrants, three to a created_at and four names between them (ties on both sorts), one refunded. */
beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1 } = team);
  const { db } = t.database;
  const e = await questionEvent(db, team.ids.org1);
  eventId = e.eventId;
  await db.execute(sql`
    insert into registrants (event_id, ticket_id, name, email, created_at, status, cancelled_at)
    select ${e.eventId}::uuid, ${e.reguler}::uuid, 'Sama ' || (g % 4), 'sama' || g || '@contoh.id',
           '2026-11-01T00:00:00.123456Z'::timestamptz + (g / 3) * interval '1 second',
           case when g = 24 then 'refunded' else 'confirmed' end, case when g = 24 then now() end
    from generate_series(1, 24) g`);
});
afterAll(() => t.close());

const list = (query: Record<string, string>) =>
  call(t.app, { method: 'GET', url: `/v1/event-regist/lists?${new URLSearchParams({ eventId, ...query })}`, token: org1 });

describe('GET /v1/event-regist/lists after a cursor', () => {
  for (const sortParam of ['createdAt', 'name']) {
    for (const sortBy of ['desc', 'asc']) {
      it(`answers the rows of the offset pages, ties included (${sortParam} ${sortBy})`, async () => {
        await expectCursorWalkMatchesPages((q) => list({ ...q, sortParam, sortBy }), 4);
      });
    }
  }

  it('pages a search the same way', async () => {
    await expectCursorWalkMatchesPages((q) => list({ ...q, filters: JSON.stringify({ name: 'sama 1' }) }), 2);
  });

  it('answers a search alike whether its matches are found in one go or too many for that (then paged as a common text is)', async () => {
    const pages = async (filters: object) => {
      const out: unknown[] = [];
      for (const sortParam of ['createdAt', 'name']) {
        for (const sortBy of ['desc', 'asc']) {
          for (const page of ['1', '2', '3', '9']) {
            const res = await list({ limit: '4', page, sortParam, sortBy, filters: JSON.stringify(filters) });
            expect(res.status).toBe(200);
            out.push(res.body.data);
          }
          if (out.at(-4) && (out.at(-4) as { totalDocs: number }).totalDocs > 4) {
            await expectCursorWalkMatchesPages((q) => list({ ...q, sortParam, sortBy, filters: JSON.stringify(filters) }), 2);
          }
        }
      }
      return out;
    };
    for (const filters of [{ name: 'sama' }, { name: 'sama 1' }, { name: 'nobody' }, { name: 'sama', email: '1' }]) {
      const inOneGo = await pages(filters);
      searchFound.atOnce = 3;
      try {
        expect(await pages(filters), JSON.stringify(filters)).toEqual(inOneGo);
      } finally {
        searchFound.atOnce = 1000;
      }
    }
    const all = await list({ limit: '100', filters: JSON.stringify({ name: 'sama' }) });
    expect([all.body.data.docs.length, all.body.data.totalDocs, all.body.data.questions.length]).toEqual([23, 23, 4]);
    const none = await list({ filters: JSON.stringify({ name: 'nobody' }) });
    expect([none.body.data.docs, none.body.data.totalDocs, none.body.data.questions.length]).toEqual([[], 0, 4]);
  });

  it('keeps the page and total it is given, and answers no cursor after a short page', async () => {
    const p1 = await list({ limit: '10' });
    const p3 = await list({ limit: '10', page: '2', after: (await list({ limit: '10', page: '1' })).body.data.nextCursor });
    expect(p1.body.data).toMatchObject({ page: 1, totalDocs: 23, totalPages: 3 });
    expect(p3.body.data).toMatchObject({ page: 2, totalDocs: 23, totalPages: 3 });
    const last = await list({ limit: '10', page: '3', after: p3.body.data.nextCursor });
    expect(last.body.data.docs).toHaveLength(3);
    expect(last.body.data.nextCursor).toBeNull();
  });

  it('says the total and the questions past the last page too (no row carries them there), searching or not', async () => {
    const past = await list({ limit: '10', page: '4' });
    expect([past.status, past.body.data.docs, past.body.data.totalDocs]).toEqual([200, [], 23]);
    // The questions too: read apart there, carried by the page's rows otherwise, the same list in form order.
    const first = await list({ limit: '10' });
    expect(first.body.data.questions.map((q: { name: string }) => q.name)).toEqual(['Motivasi', 'Minat', 'CV', 'Ukuran Kaos']);
    expect(past.body.data.questions).toEqual(first.body.data.questions);
    const search = await list({ limit: '10', page: '2', filters: JSON.stringify({ name: 'sama 1' }) });
    expect([search.status, search.body.data.docs, search.body.data.totalDocs]).toEqual([200, [], 6]);
  });

  it('refuses a cursor it did not answer, or one made for another order, with 400', async () => {
    const nameCursor = (await list({ limit: '4', sortParam: 'name' })).body.data.nextCursor;
    for (const after of ['nonsense', 'W10', encodeCursor({ order: 'createdAt:desc', key: 'x', id: 'not-a-uuid' }), nameCursor]) {
      const res = await list({ limit: '4', after });
      expect(res.status, after).toBe(400);
      expect(JSON.stringify(res.body)).toContain(CURSOR_INVALID);
    }
  });

  it('finds the same registrants by a search of any length (trigram index from 3 characters, a walk of the event below)', async () => {
    const all = (await list({ limit: '100' })).body.data.docs as { id: string; name: string; email: string }[];
    for (const term of ['1', 'a 1', 'SAMA 2', 'ma ', 'sama1', '%', '_']) {
      for (const field of ['name', 'email'] as const) {
        if (field === 'email' && !PARTICIPANT_EMAIL_PATTERN.test(term)) continue;
        const res = await list({ limit: '100', filters: JSON.stringify({ [field]: term }) });
        expect(res.status).toBe(200);
        const expected = all.filter((r) => r[field].toLowerCase().includes(term.trim().toLowerCase())).map((r) => r.id).sort();
        expect(res.body.data.docs.map((d: { id: string }) => d.id).sort(), `${field} ${term}`).toEqual(expected);
        expect(res.body.data.totalDocs).toBe(expected.length);
      }
    }
  });
});
