import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { eventListQuerySchema } from '@eo/contract';
import { events, users } from '../../db/schema/index.js';
import { call, until } from '../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';
import { EventsService } from './events.service.js';

/**
 * The event lists and the review queue are kept per process while their events are unchanged
 * (lib/event-list-cache.ts, migration 0036): a change made anywhere shows as soon as its notice
 * arrives, one made through this process at once, and an event whose last date passes moves from
 * the active list to the concluded one without any write.
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
/** A write that notifies nothing (triggers off for its transaction): a list still showing the old name was kept. */
const quietly = (statement: ReturnType<typeof sql>) => s.t.database.db.transaction(async (tx) => {
  await tx.execute(sql`set local session_replication_role = replica`);
  await tx.execute(statement);
});
const rename = (id: string, name: string) => sql`update events set name = ${name} where id = ${id}::uuid`;

describe('event lists kept per process', () => {
  it('serves a kept list without reading while nothing is notified, and a change made anywhere once its notice arrives', async () => {
    // A notice still on its way from a write before may empty the cache once: then again.
    let kept = false;
    for (let i = 0; i < 5 && !kept; i++) {
      await quietly(rename(soon, 'Lomba Cepat'));
      await names(s.org1, '/v1/events/lists');
      await quietly(rename(soon, 'Lomba Diam-diam'));
      kept = (await names(s.org1, '/v1/events/lists')).includes('Lomba Cepat');
    }
    expect(kept).toBe(true);
    await s.t.database.db.execute(rename(soon, 'Lomba Kilat'));
    expect(await until(async () => (await names(s.org1, '/v1/events/lists')).includes('Lomba Kilat'))).toBe(true);
    // The admin's platform-wide list heard it too (every organization's change moves it).
    await get(s.admin, '/v1/events/lists?limit=50');
    await s.t.database.db.execute(rename(soon, 'Lomba Kilat Dua'));
    expect(await until(async () => (await names(s.admin, '/v1/events/lists?limit=50')).includes('Lomba Kilat Dua'))).toBe(true);
  });

  it('shows an event created or edited through this process on the very next read', async () => {
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

  it('shows a creator\'s changed address once its notice arrives', async () => {
    const emails = async () => (await get(s.org2, '/v1/events/lists')).docs.map((d) => d.email);
    expect(await emails()).toContain('organizer2@demo.id');
    await s.t.database.db.update(users).set({ email: 'organizer2.baru@demo.id' }).where(eq(users.id, s.ids.org2));
    expect(await until(async () => (await emails()).every((e) => e === 'organizer2.baru@demo.id'))).toBe(true);
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
