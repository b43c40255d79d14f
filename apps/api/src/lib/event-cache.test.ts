import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';
import type { Subscription } from '../db/listener.js';
import { events } from '../db/schema/index.js';
import { createEvent, createTeamApp, createUsers, simpleEvent } from '../../test/fixtures.js';
import { call, testConfig, tokenFor, until, type TestApp } from '../../test/harness.js';
import { createScratchDatabase } from '../../test/scratch-database.js';
import type { LiveEvent } from './event-cache.js';
import { EventCache, eventCacheOf } from './event-cache.js';

/**
 * The gate's event cache (migration 0030, lib/event-cache.ts): it saves the gate's read of the
 * event on most event routes, and is never stale where it matters — an edit through the API is
 * seen by the very next request, a change by plain SQL or by another process as soon as its
 * notice arrives, and a deleted event is gone.
 */
let t: TestApp;
let owner: string;
let admin: string;
let eventId: string;
let pendingId: string;

beforeAll(async () => {
  const team = await createTeamApp();
  t = team.t;
  owner = team.org1;
  admin = team.admin;
  eventId = await createEvent(t.database.db, team.ids.org1, simpleEvent('Lomba Cache', { days: 10 }));
  pendingId = await createEvent(t.database.db, team.ids.org1, { ...simpleEvent('Lomba Menunggu', { days: 10 }), approved: false });
});
afterAll(() => t.close());

const live = (on: () => boolean) => ({ db: {} as never, listen: async (): Promise<Subscription> => ({ live: on, close: async () => undefined }) });
const row = (name: string) => ({ id: 'e1', name }) as unknown as LiveEvent;


describe('EventCache', () => {
  it('reads an event once while notices arrive and every time while they do not; a miss is never kept; rows are frozen', async () => {
    let on = true;
    let reads = 0;
    const cache = new EventCache();
    await cache.start(live(() => on));
    const load = async () => { reads += 1; return row('Satu'); };
    const first = await cache.read('e1', load);
    expect(await cache.read('e1', load)).toBe(first);
    expect(reads).toBe(1);
    expect(Object.isFrozen(first)).toBe(true);
    on = false;
    await cache.read('e1', load);
    expect(reads).toBe(2);
    on = true;
    let misses = 0;
    const missing = async () => { misses += 1; return undefined; };
    await cache.read('e2', missing);
    await cache.read('e2', missing);
    expect(misses).toBe(2);
    await cache.stop();
  });

  it('forgets an event at once, and never keeps a read that raced a change', async () => {
    let reads = 0;
    const cache = new EventCache();
    await cache.start(live(() => true));
    const load = async () => { reads += 1; return row(`v${reads}`); };
    await cache.read('e1', load);
    cache.forget('e1');
    expect((await cache.read('e1', load))?.name).toBe('v2');
    // A change lands while a read is in flight: what that read saw is not kept.
    cache.forget('e1');
    const inFlight = cache.read('e1', load);
    cache.forget('e1');
    expect((await inFlight)?.name).toBe('v3');
    expect((await cache.read('e1', load))?.name).toBe('v4');
    expect((await cache.read('e1', load))?.name).toBe('v4');
    await cache.stop();
  });
});

describe('the gate\'s event read, through the API', () => {
  const reminders = async () => (await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/reminders`, token: owner })).body.data.result;
  const detail = () => call(t.app, { method: 'GET', url: `/v1/events/detail?id=${eventId}`, token: owner });

  it('the app keeps one for its database', () => {
    expect(eventCacheOf(t.database.db)).toBeInstanceOf(EventCache);
  });

  it('a change made by plain SQL is heard: a rename shows, a deleted event is gone', async () => {
    const db = t.database.db;
    expect((await detail()).body.data.result.name).toBe('Lomba Cache');
    await db.update(events).set({ name: 'Lomba Cache Baru' }).where(eq(events.id, eventId));
    expect(await until(async () => (await detail()).body.data?.result?.name === 'Lomba Cache Baru')).toBe(true);
    await db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, eventId));
    expect(await until(async () => (await detail()).status === 404)).toBe(true);
    expect((await call(t.app, { method: 'GET', url: `/v1/events/${eventId}/reminders`, token: owner })).status).toBe(404);
    await db.update(events).set({ deletedAt: null, name: 'Lomba Cache' }).where(eq(events.id, eventId));
    expect(await until(async () => (await detail()).status === 200)).toBe(true);
  });
  // Last of the file's API tests: the deaf cache it starts takes the app's place for the rest.
  it('an edit through the API is seen by the very next request, without waiting for its notice', async () => {
    // A cache that hears nothing (as if the notice were late) serves the app's reads from here on:
    // only the service's own forgetting after its commit can make the next read see the edit.
    const deaf = new EventCache();
    await deaf.start({ db: t.database.db, listen: live(() => true).listen });
    let was = { dayBefore: true, hourBefore: true };
    for (const [dayBefore, hourBefore] of [[false, true], [true, false], [false, false], [true, true]]) {
      expect(await reminders()).toMatchObject(was);
      was = { dayBefore, hourBefore };
      const put = await call(t.app, { method: 'PUT', url: `/v1/events/${eventId}/reminders`, token: owner, payload: { dayBefore, hourBefore } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(await reminders()).toMatchObject({ dayBefore, hourBefore });
    }
    // The admin's decision (review service), seen by the organizer's next read.
    const status = async () => (await call(t.app, { method: 'GET', url: `/v1/events/detail?id=${pendingId}`, token: owner })).body.data.result.approvedStatus;
    expect(await status()).toBe('pending');
    const decided = await call(t.app, { method: 'POST', url: `/v1/admin/events/${pendingId}/approval`, token: admin, payload: { approvedStatus: 'approved' } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await status()).toBe('approved');
    await deaf.stop();
  });

});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes on one PostgreSQL database', () => {
  it('each keeps its own; an edit in one is seen by the other as soon as it hears of it', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'eo_evcache');
    const [a, b] = [await openDatabase({ url: scratch.url, poolSize: 3 }), await openDatabase({ url: scratch.url, poolSize: 3 })];
    await a.migrate();
    const configs = [testConfig(), testConfig()];
    const apps = [await buildApp({ config: configs[0], database: a, logger: false }), await buildApp({ config: configs[1], database: b, logger: false })];
    try {
      await Promise.all(apps.map((app) => app.ready()));
      const ids = await createUsers(a.db);
      const id = await createEvent(a.db, ids.org1, simpleEvent('Dua Proses', { days: 10 }));
      const tokens = await Promise.all(apps.map(async (app) => (await tokenFor(app, 'organizer@demo.id')).token));
      const read = (i: number) => call(apps[i], { method: 'GET', url: `/v1/events/${id}/reminders`, token: tokens[i] });
      expect((await read(0)).body.data.result.dayBefore).toBe(true);
      expect((await read(1)).body.data.result.dayBefore).toBe(true);
      expect(eventCacheOf(a.db)).not.toBe(eventCacheOf(b.db));
      const put = await call(apps[0], { method: 'PUT', url: `/v1/events/${id}/reminders`, token: tokens[0], payload: { dayBefore: false, hourBefore: true } });
      expect(put.status).toBe(200);
      expect((await read(0)).body.data.result.dayBefore).toBe(false);
      expect(await until(async () => (await read(1)).body.data.result.dayBefore === false)).toBe(true);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      for (const config of configs) rmSync(config.tmpDir, { recursive: true, force: true });
      await a.close();
      await b.close();
      await scratch.drop();
    }
  });
});
