import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, tokenFor, until, type TestApp } from '../../../test/harness.js';
import { createUsers } from '../../../test/fixtures.js';
import { writeMaintenance } from './maintenance.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createUsers(t.database.db);
});
afterAll(() => t.close());

const ON = { status: 'true', subtitle: 'Sedang ada perbaikan', description: 'Kami sedang meningkatkan layanan.', ending: 'Terima kasih atas kesabaranmu.' };

describe('maintenance status', () => {
  it('is public and off by default', async () => {
    const res = await call(t.app, { method: 'GET', url: '/v1/maintenance' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'false', subtitle: '', description: '', ending: '' } });
  });

  it('a globalAdmin switches it on and off; an organizer may not', async () => {
    const org = await tokenFor(t.app, 'organizer@demo.id');
    expect((await call(t.app, { method: 'PUT', url: '/v1/admin/maintenance', token: org.token, payload: ON })).status).toBe(403);
    const admin = await tokenFor(t.app, 'admin@demo.id');
    expect((await call(t.app, { method: 'PUT', url: '/v1/admin/maintenance', token: admin.token, payload: ON })).status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/v1/maintenance' })).body.data).toEqual(ON);
    const bad = await call(t.app, { method: 'PUT', url: '/v1/admin/maintenance', token: admin.token, payload: { ...ON, status: 'yes' } });
    expect(bad.status).toBe(400);
    await call(t.app, { method: 'PUT', url: '/v1/admin/maintenance', token: admin.token, payload: { ...ON, status: 'false' } });
    expect((await call(t.app, { method: 'GET', url: '/v1/maintenance' })).body.data.status).toBe('false');
  });
});

describe('MAINTENANCE_URL', () => {
  it('serves the remote status file, wrapped or not, and falls back to the stored one when unreachable', async () => {
    let answer: unknown = { data: ON };
    const server = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status.json`;
    const remote = await createTestApp({ MAINTENANCE_URL: url });
    try {
      expect((await call(remote.app, { method: 'GET', url: '/v1/maintenance' })).body.data).toEqual(ON);
      answer = { ...ON, status: 'false' };
      // Cached briefly: still the first answer.
      expect((await call(remote.app, { method: 'GET', url: '/v1/maintenance' })).body.data.status).toBe('true');
    } finally {
      await remote.close();
    }
    const unwrapped = await createTestApp({ MAINTENANCE_URL: url });
    try {
      expect((await call(unwrapped.app, { method: 'GET', url: '/v1/maintenance' })).body.data.status).toBe('false');
    } finally {
      await unwrapped.close();
    }
    await new Promise((r) => server.close(r));
    const down = await createTestApp({ MAINTENANCE_URL: url });
    try {
      expect((await call(down.app, { method: 'GET', url: '/v1/maintenance' })).body.data.status).toBe('false');
    } finally {
      await down.close();
    }
  });
});

/**
 * The stored status is kept in each API process while unchanged (migration 0033 notifies every
 * change): a change made anywhere is answered as soon as its notice arrives, and while nothing
 * changes no request reads the database.
 */
describe('the stored status, kept per process', () => {
  const status = async () => (await call(t.app, { method: 'GET', url: '/v1/maintenance' })).body.data.status as string;

  it('answers a change made outside this process (the CLI, plain SQL) once its notice arrives', async () => {
    expect(await status()).toBe('false');
    await writeMaintenance(t.database.db, { ...ON, status: 'true' });
    expect(await until(async () => (await status()) === 'true')).toBe(true);
    await t.database.db.execute(sql`update maintenance set status = 'false'`);
    expect(await until(async () => (await status()) === 'false')).toBe(true);
  });

  it('serves the kept status without reading the row while no change is notified', async () => {
    // A change that notifies nothing: triggers off for its transaction.
    const quietly = (value: string) => t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update maintenance set status = ${value}`);
    });
    // A notice still on its way from the test before may empty the cache once: then again.
    let kept = false;
    for (let i = 0; i < 5 && !kept; i++) {
      await quietly('false');
      await status();
      await quietly('true');
      kept = (await status()) === 'false';
    }
    expect(kept).toBe(true);
    await t.database.db.execute(sql`update maintenance set status = 'false'`);
  });
});
