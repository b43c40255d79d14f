import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { eventListQuerySchema } from '@eo/contract';
import { events, users } from '../../db/schema/index.js';
import { call } from '../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';
import { EventsService } from './events.service.js';

/**
 * The event lists and the review queue answer from the database on every read: a change made
 * anywhere (plain SQL, another process, this one) shows on the next read, and an event whose last
 * date passes moves from the active list to the concluded one without any write.
 */
let s: Awaited<ReturnType<typeof createTeamApp>>;
let soon: string;
let pending: string;

beforeAll(async () => {
  s = await createTeamApp();
  const { db } = s.t.database;
  await createEvent(db, s.ids.org1, simpleEvent('Lomba Pidato', { days: 10 }));
  soon = await createEvent(db, s.ids.org1, simpleEvent('Lomba Cepat', { days: 2 }));
  await createEvent(db, s.ids.org2, simpleEvent('Lomba Org Dua', { days: 5 }));
  pending = await createEvent(db, s.ids.org2, { ...simpleEvent('Lomba Menunggu', { days: 6 }), approved: false });
});
afterAll(() => s.t.close());

const get = async (token: string, url: string) => {
  const res = await call(s.t.app, { method: 'GET', url, token });
  expect(res.status).toBe(200);
  return res.body.data as { docs: { id: string; name: string; email?: string }[]; totalDocs: number };
};
const names = async (token: string, url: string) => (await get(token, url)).docs.map((d) => d.name).sort();
const rename = (id: string, name: string) => sql`update events set name = ${name} where id = ${id}::uuid`;

describe('event lists read on every request', () => {
  it('show a change made in plain SQL on the next read, the organizer\'s lists and the admin\'s', async () => {
    expect(await names(s.org1, '/v1/events/lists')).toContain('Lomba Cepat');
    await s.t.database.db.execute(rename(soon, 'Lomba Kilat'));
    expect(await names(s.org1, '/v1/events/lists')).toContain('Lomba Kilat');
    await get(s.admin, '/v1/events/lists?limit=50');
    await s.t.database.db.execute(rename(soon, 'Lomba Kilat Dua'));
    expect(await names(s.admin, '/v1/events/lists?limit=50')).toContain('Lomba Kilat Dua');
  });

  it('shows an event created through the API on the next read', async () => {
    expect(await names(s.org1, '/v1/events/draft/lists')).toEqual([]);
    const created = await call(s.t.app, { method: 'POST', url: '/v1/events/draft/create', token: s.org1, payload: { ...validEventPayload(), name: 'Draf Baru' } });
    expect(created.status).toBe(201);
    expect(await names(s.org1, '/v1/events/draft/lists')).toEqual(['Draf Baru']);
    // Another organization's lists are its own.
    expect(await names(s.org2, '/v1/events/draft/lists')).toEqual([]);
  });

  it('takes an admin decision out of the review queue at once', async () => {
    const queue = () => get(s.admin, '/v1/admin/events/review');
    expect((await queue()).docs.map((d) => d.id)).toContain(pending);
    const decided = await call(s.t.app, { method: 'POST', url: `/v1/admin/events/${pending}/approval`, token: s.admin, payload: { approvedStatus: 'approved' } });
    expect(decided.status).toBe(200);
    expect((await queue()).docs.map((d) => d.id)).not.toContain(pending);
  });

  it('shows a creator\'s changed address on the next read', async () => {
    const emails = async () => (await get(s.org2, '/v1/events/lists')).docs.map((d) => d.email);
    expect(await emails()).toContain('organizer2@demo.id');
    await s.t.database.db.update(users).set({ email: 'organizer2.baru@demo.id' }).where(eq(users.id, s.ids.org2));
    expect((await emails()).every((e) => e === 'organizer2.baru@demo.id')).toBe(true);
  });

  it('moves an event whose last date passed to the concluded list, with no write in between', async () => {
    const { db } = s.t.database;
    const service = new EventsService(db);
    const caller = await callerFor(db, s.ids.org1);
    const [{ lastEventAt }] = await db.select({ lastEventAt: events.lastEventAt }).from(events).where(eq(events.id, soon));
    const q = eventListQuerySchema.parse({});
    const ids = async (group: 'active' | 'passed', now: Date) => (await service.list(caller, group, q, now)).docs.map((d) => d.id);
    const before = new Date(lastEventAt!.getTime() - 60_000);
    const after = new Date(lastEventAt!.getTime() + 1);
    expect(await ids('active', before)).toContain(soon);
    expect(await ids('passed', before)).not.toContain(soon);
    // At its last instant it is still active; a millisecond later it has passed.
    expect(await ids('active', lastEventAt!)).toContain(soon);
    expect(await ids('active', after)).not.toContain(soon);
    expect(await ids('passed', after)).toContain(soon);
  });
});
