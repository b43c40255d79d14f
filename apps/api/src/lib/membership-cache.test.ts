import { rmSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_HEADER } from '@eo/contract';
import { buildApp } from '../app.js';
import type { Db } from '../db/client.js';
import type { Subscription } from '../db/listener.js';
import { memberships } from '../db/schema/index.js';
import { createUser } from '../modules/users/users.service.js';
import { call, testConfig, tokenFor, until, type TestApp } from '../../test/harness.js';
import { callerFor, createTeamApp, passwordHashed } from '../../test/fixtures.js';
import { MembershipCache } from './membership-cache.js';

/**
 * The gate's membership cache: it saves the per-request query, and is never stale — a change
 * made through the API, through another API process or by plain SQL empties it for that user.
 */
let t: TestApp;
let ids: Awaited<ReturnType<typeof createTeamApp>>['ids'];
let org1: string;

beforeAll(async () => {
  ({ t, ids } = await createTeamApp());
  org1 = (await callerFor(t.database.db, ids.org1)).organizationId!;
});
afterAll(() => t.close());

/** A db whose selects are counted (the cache's reads go through `select`). */
function counting(db: Db) {
  const counter = { selects: 0 };
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'select') counter.selects += 1;
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, counter };
}

const live = (on: () => boolean): { listen: () => Promise<Subscription> } => ({
  listen: async () => ({ live: on, close: async () => undefined }),
});


describe('MembershipCache', () => {
  it('reads a membership once while notifications arrive, and every time while they do not', async () => {
    const { db, counter } = counting(t.database.db);
    let on = true;
    const cache = new MembershipCache();
    await cache.start(live(() => on));
    const first = await cache.lookup(db, ids.org1, undefined);
    expect(first?.role).toBe('owner');
    expect(await cache.lookup(db, ids.org1, undefined)).toEqual(first);
    expect(counter.selects).toBe(1);
    on = false;
    await cache.lookup(db, ids.org1, undefined);
    await cache.lookup(db, ids.org1, undefined);
    expect(counter.selects).toBe(3);
  });

  it('forgets a user at once, and never keeps a read that raced a change', async () => {
    const { db, counter } = counting(t.database.db);
    const cache = new MembershipCache();
    await cache.start(live(() => true));
    await cache.lookup(db, ids.org1, undefined);
    cache.forgetUser(ids.org1);
    await cache.lookup(db, ids.org1, undefined);
    expect(counter.selects).toBe(2);
    // A change lands while a read is in flight: what that read saw is not remembered.
    cache.forgetUser(ids.org1);
    const inFlight = cache.lookup(db, ids.org1, undefined);
    cache.forgetUser(ids.org1);
    await inFlight;
    await cache.lookup(db, ids.org1, undefined);
    expect(counter.selects).toBe(4);
    await cache.lookup(db, ids.org1, undefined);
    expect(counter.selects).toBe(4);
  });

  it('hears a change made by plain SQL through the database notification', async () => {
    const db = t.database.db;
    const userId = await createUser(db, { email: 'sql-staff@contoh.id', name: 'Staf SQL', password: await passwordHashed(), roles: ['eventOrganizer'], personalOrganization: false });
    await db.insert(memberships).values({ organizationId: org1, userId, role: 'staff' });
    const cache = new MembershipCache();
    await cache.start(t.database);
    try {
      expect((await cache.lookup(db, userId, org1))?.role).toBe('staff');
      await db.update(memberships).set({ role: 'finance' }).where(and(eq(memberships.userId, userId), eq(memberships.organizationId, org1)));
      expect(await until(async () => (await cache.lookup(db, userId, org1))?.role === 'finance')).toBe(true);
      await db.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.organizationId, org1)));
      expect(await until(async () => (await cache.lookup(db, userId, org1)) === undefined)).toBe(true);
    } finally {
      await cache.stop();
    }
  });
});

describe('a removed member, seen by two API processes on one database', () => {
  it('loses access at once where removed, and in the other process as soon as it hears of it', async () => {
    // A second app on the same database: its own cache and its own LISTEN, as another process has.
    const config = testConfig();
    const other = await buildApp({ config, database: t.database, logger: false });
    await other.ready();
    try {
      const email = 'dua-proses@contoh.id';
      const userId = await createUser(t.database.db, { email, name: 'Staf Dua Proses', password: await passwordHashed(), roles: ['eventOrganizer'], personalOrganization: false });
      await t.database.db.insert(memberships).values({ organizationId: org1, userId, role: 'staff' });
      const { token } = await tokenFor(t.app, email);
      const owner = (await tokenFor(t.app, 'organizer@demo.id')).token;
      const events = (app: typeof other) => call(app, { method: 'GET', url: '/v1/events/lists', token, headers: { [ORGANIZATION_HEADER]: org1 } });
      // Both processes have let the member in (and remembered it).
      expect((await events(t.app)).status).toBe(200);
      expect((await events(other)).status).toBe(200);
      const removed = await call(t.app, { method: 'DELETE', url: `/v1/organizations/${org1}/members/${userId}`, token: owner });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect((await events(t.app)).status).toBe(404);
      expect(await until(async () => (await events(other)).status === 404)).toBe(true);
    } finally {
      await other.close();
      rmSync(config.tmpDir, { recursive: true, force: true });
    }
  });
});
